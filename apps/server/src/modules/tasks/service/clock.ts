import { sql } from 'drizzle-orm';

/**
 * updated_at of a task or a status on every change: the database's clock to the microsecond, so two changes in one
 * millisecond still move the board's version (board-version.ts).
 */
export const changedNow = sql<Date>`clock_timestamp()`;
