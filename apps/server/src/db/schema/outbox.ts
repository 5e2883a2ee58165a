import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * The transactional outbox: one row per effect that must not be lost (a notification, a reminder, a stored
 * object's removal), written in the same transaction as the change that calls for it. The instance that made
 * the change runs it at once and deletes the row; a row whose `runAfter` has passed was left by an instance that
 * died or failed, and any instance's poller runs it then (platform/domain-events).
 */
export const outbox = pgTable(
  'outbox',
  {
    id: uuid().primaryKey(),
    /** The subscriber the row is for, by its registered name. */
    subscriber: text().notNull(),
    /** The domain event, as recorded. */
    event: jsonb().$type<Record<string, unknown>>().notNull(),
    attempts: integer().notNull().default(0),
    /** Until then the row belongs to whoever claimed it last (at first: the instance that wrote it). */
    runAfter: timestamp({ withTimezone: true }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('outbox_run_after_idx').on(t.runAfter)],
);
