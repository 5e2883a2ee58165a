import pg from 'pg';

/**
 * Whether a failed query leaves its connection unusable. An error PostgreSQL reported for the statement (a unique
 * violation, a check, a timeout) ends with the connection ready for the next query; a broken socket or a FATAL
 * error (the server shutting the session down) does not.
 */
export function breaksConnection(err: unknown): boolean {
  if (!(err instanceof pg.DatabaseError)) return true;
  return err.severity === 'FATAL' || err.severity === 'PANIC';
}

type PooledQuery = (config: string | pg.QueryConfig, values?: unknown[]) => Promise<pg.QueryResult>;

/**
 * A pg Pool whose `query` keeps its connection after a statement's error. pg's own `Pool.query` hands every error
 * to `release`, which closes the connection: a board under load loses a key race (a unique violation the move
 * retries) many times a second, and each one cost a new PostgreSQL backend and every statement prepared again on
 * it, which took more CPU than the moves themselves. Drizzle runs its queries outside transactions through this
 * method (promise form only); transactions check out a client with `connect()`, unchanged.
 */
export function createConnectionKeepingPool(config: pg.PoolConfig): pg.Pool {
  const pool = new pg.Pool(config);
  // pg-pool listens for a client's errors only while it is idle. A client checked out between two statements (a
  // transaction running code between its queries) that hears the server end its session (57P01, a restart) would
  // emit an 'error' nobody listens to, which ends the process. With this listener the error is not lost: pg marks
  // the client unusable, so its next statement fails (answered 503) and the client is released as broken.
  pool.on('connect', (client) => {
    client.on('error', () => {});
  });
  const query: PooledQuery = async (queryConfig, values) => {
    const client = await pool.connect();
    let broken: Error | undefined;
    try {
      return await client.query(queryConfig, values);
    } catch (err) {
      if (breaksConnection(err)) broken = err instanceof Error ? err : new Error(String(err));
      throw err;
    } finally {
      client.release(broken);
    }
  };
  return Object.assign(pool, { query });
}
