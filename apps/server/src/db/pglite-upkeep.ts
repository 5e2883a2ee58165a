/**
 * PostgreSQL's autovacuum, for PGlite: it runs PostgreSQL single-user, where no autovacuum worker exists, so
 * nothing would gather the planner's statistics or clear dead rows as tables change.
 *
 * Stale statistics cost more than bad estimates here. A prepared statement keeps the plan it got when a table was
 * nearly empty until an ANALYZE of that table invalidates it, and for "the last task of a status" that plan reads
 * and sorts every task instead of stepping down the index (see the test): on the board benchmark creations slowed
 * from ~800 to ~360 a second by the 8,000th task. Dead rows matter as well: every task move leaves one, and only
 * VACUUM sets the visibility map that index-only scans (the board's version) rely on.
 */

/** What the upkeep needs of a database client: PGlite and the database thread both have it. */
export interface UpkeepClient {
  query<T>(text: string, params: unknown[]): Promise<{ rows: T[] }>;
  exec(text: string): Promise<unknown>;
}

/** `greatest(reltuples, 0)`: the rows the statistics saw; reltuples is -1 for a table never analyzed. */
const counted = 'greatest(c.reltuples, 0)';

/**
 * Per table: `resized`, its live rows have more than doubled or halved since its statistics (plans flip at such
 * changes); `needs_analyze` and `needs_vacuum`, autovacuum's default thresholds (analyze after 50 + 10 % of the rows changed,
 * vacuum after 50 + 20 % died or 1,000 + 20 % were inserted).
 */
const dueTablesSql = `select name, resized, needs_analyze, needs_vacuum from (
    select quote_ident(s.schemaname) || '.' || quote_ident(s.relname) as name,
      s.n_live_tup > 2 * ${counted} + 50 or s.n_live_tup < ${counted} / 2 - 50 as resized,
      s.n_mod_since_analyze > 50 + 0.1 * ${counted} as needs_analyze,
      s.n_dead_tup > 50 + 0.2 * ${counted} or s.n_ins_since_vacuum > 1000 + 0.2 * ${counted} as needs_vacuum
    from pg_stat_user_tables s join pg_class c on c.oid = s.relid) due
  where resized or ($1::boolean and (needs_analyze or needs_vacuum))
  order by name`;

interface DueTable {
  name: string;
  resized: boolean;
  needs_analyze: boolean;
  needs_vacuum: boolean;
}

export interface UpkeepRound {
  analyzed: string[];
  vacuumed: string[];
}

/**
 * One round, one statement per table that is due. A quick round only analyzes tables whose size has moved a
 * lot; a full one also does what autovacuum would. @param full false: a quick round
 */
export async function upkeepTables(client: UpkeepClient, { full }: { full: boolean }): Promise<UpkeepRound> {
  const { rows } = await client.query<DueTable>(dueTablesSql, [full]);
  const round: UpkeepRound = { analyzed: [], vacuumed: [] };
  for (const table of rows) {
    const analyze = table.resized || (full && table.needs_analyze);
    const vacuum = full && table.needs_vacuum;
    if (vacuum) {
      await client.exec(analyze ? `VACUUM (ANALYZE) ${table.name}` : `VACUUM ${table.name}`);
      round.vacuumed.push(table.name);
    } else {
      await client.exec(`ANALYZE ${table.name}`);
    }
    if (analyze) round.analyzed.push(table.name);
  }
  return round;
}

export interface Upkeep {
  /** Stops the rounds; resolves once a round under way has ended, so the database can close after it. */
  stop(): Promise<void>;
}

/**
 * A quick round every `quickMs` and a full one every `fullMs`. A table filled by an import must be analyzed while it
 * fills, so quick rounds come every few seconds: the check is one small query (about 3 ms), cheaper than a single
 * statement on a stale plan. Full rounds wait longer, as autovacuum does (a minute): a table's statement waits
 * while it is vacuumed, and a busy board's tasks have some dead rows at every moment.
 */
export function scheduleUpkeep(
  client: UpkeepClient,
  { quickMs, fullMs, onError }: { quickMs: number; fullMs: number; onError: (err: unknown) => void },
): Upkeep {
  let running: Promise<void> | null = null;
  let lastFullAt = Date.now();
  const timer = setInterval(() => {
    if (running) return;
    const full = Date.now() - lastFullAt >= fullMs;
    if (full) lastFullAt = Date.now();
    running = upkeepTables(client, { full })
      .then(() => undefined, onError)
      .finally(() => {
        running = null;
      });
  }, quickMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
