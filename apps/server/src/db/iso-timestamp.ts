import { type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

/**
 * A timestamptz column as `Date#toISOString` writes it (UTC, milliseconds, `Z`), formatted by the database: long
 * lists then skip making a Date per value only to turn it back into text.
 */
export function isoTimestamp(column: PgColumn | SQL): SQL<string> {
  return sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
}
