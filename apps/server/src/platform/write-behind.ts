import { runsOneStatementAtATime } from '../db/client';

/**
 * The longest that work written behind the request (usage events, the activity history) waits to be written with
 * the rest of the moment, on PostgreSQL. Each batch costs statements of its own besides its rows' (the history's:
 * the names of people and statuses, and the webhooks that follow it), and at 20 ms a busy board wrote 37 batches a
 * second of each kind. At 100 ms, on 2026-11-29 (builds alternating, PostgreSQL): moves at 20 connections 1,873 and
 * 1,910/s before, 2,188 and 1,968/s after; CPU per move (server and database) 737 and 721 µs before, 619 and 691
 * µs after; per creation 1,326 and 1,246 µs before, 1,142 and 1,158 µs after.
 */
export const writeBehindMaxDelayMs = 100;

/**
 * PGlite runs one statement at a time, so a batch's insert holds every other statement back while it runs: a 100 ms
 * batch of a busy board (about 140 entries, some 20 ms) raised the p99 of moves at 20 connections from 30–37 to
 * 36–54 ms, for no clear gain in moves a second. It keeps the 20 ms it had.
 */
const oneStatementAtATimeDelayMs = 20;

/** How long work written behind the request waits on `db` to be written with the rest of the moment. */
export function writeBehindDelayMs(db: object): number {
  return runsOneStatementAtATime(db) ? oneStatementAtATimeDelayMs : writeBehindMaxDelayMs;
}
