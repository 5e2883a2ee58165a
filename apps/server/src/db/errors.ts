/** The driver's error under drizzle's wrapper (drizzle puts it in `cause`). */
function driverError(err: unknown): Record<string, unknown> | undefined {
  const cause = err instanceof Error && 'cause' in err ? err.cause : err;
  return typeof cause === 'object' && cause !== null ? (cause as Record<string, unknown>) : undefined;
}

/**
 * Whether `err` is PostgreSQL's unique_violation (23505), on PGlite and node-postgres alike; with `constraint`,
 * only a violation of that index.
 */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  const cause = driverError(err);
  if (cause?.code !== '23505') return false;
  return constraint === undefined || cause.constraint === constraint;
}

/**
 * PostgreSQL not taking sessions now: a connection exception (class 08), or the server shutting down, crashed, or
 * starting up (57P01–57P03).
 */
const unavailableSqlStates = /^(08[0-9A-Z]{3}|57P0[1-3])$/;
/** The socket's own failures as the driver passes them on (connect, read and write on a server that went away). */
const socketErrorCodes = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH']);
/** node-postgres reports a connection closed under a query, or one it could not open in time, by message alone. */
const lostConnectionMessage =
  /^(Connection terminated|Client has encountered a connection error|timeout exceeded when trying to connect)/;

/**
 * Whether `err` (or what it wraps: drizzle puts the driver's error in `cause`) says the database cannot be reached
 * now, rather than that the statement was wrong: the request may succeed if tried again in a moment. A socket error
 * from another service reached over the network (Redis, the bucket) counts the same way.
 */
export function isConnectionFailure(err: unknown): boolean {
  let link: unknown = err;
  for (let depth = 0; depth < 4 && link instanceof Error; depth += 1) {
    const code = 'code' in link && typeof link.code === 'string' ? link.code : undefined;
    if (code !== undefined && (unavailableSqlStates.test(code) || socketErrorCodes.has(code))) return true;
    if (lostConnectionMessage.test(link.message)) return true;
    link = link.cause;
  }
  return false;
}

/**
 * Whether PostgreSQL rolled the statement's transaction back to end a race with another one: a deadlock (40P01)
 * or a serialization failure (40001). Nothing of it was written, and the same request tried again will most
 * likely go through.
 */
export function isTransactionRace(err: unknown): boolean {
  const code = driverError(err)?.code;
  return code === '40P01' || code === '40001';
}
