import type { ReportEvent } from '@deckhand/contract/reports';
import { index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { uuidv7 } from '../../platform/ids';

/**
 * Error events received by the intake (and the server's own 500s), one row per fingerprint.
 * Only the latest event is kept, trimmed; `count` counts them all.
 */
export const errorGroups = pgTable(
  'error_groups',
  {
    id: uuid().primaryKey().$defaultFn(uuidv7),
    /** sha256 of exception type, normalised message and top in-app frame. */
    fingerprint: text().notNull(),
    title: text().notNull(),
    culprit: text(),
    count: integer().notNull().default(1),
    latestEvent: jsonb().$type<ReportEvent>().notNull(),
    firstSeenAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('error_groups_fingerprint_idx').on(t.fingerprint),
    index('error_groups_last_seen_idx').on(t.lastSeenAt),
  ],
);

/** Distinct users per group. User ids come from the SDK (`event.user.id`), so they are text, not references. */
export const errorGroupUsers = pgTable(
  'error_group_users',
  {
    groupId: uuid()
      .notNull()
      .references(() => errorGroups.id, { onDelete: 'cascade' }),
    userId: text().notNull(),
  },
  (t) => [primaryKey({ columns: [t.groupId, t.userId] })],
);

/** What people sent with the feedback dialog (Sentry `feedback` items, or legacy `user_report`s). */
export const feedbackReports = pgTable(
  'feedback_reports',
  {
    id: uuid().primaryKey().$defaultFn(uuidv7),
    /** The feedback event's own id, so a retried envelope is stored once. */
    eventId: text().notNull(),
    message: text().notNull(),
    name: text(),
    email: text(),
    url: text(),
    userId: text(),
    /** The error event this feedback is about. */
    associatedEventId: text(),
    replayId: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('feedback_reports_event_idx').on(t.eventId),
    index('feedback_reports_created_idx').on(t.createdAt),
  ],
);

/** Files sent with feedback (the screenshot) or with an error event; bytes live in the file store. */
export const reportAttachments = pgTable(
  'report_attachments',
  {
    id: uuid().primaryKey().$defaultFn(uuidv7),
    feedbackId: uuid().references(() => feedbackReports.id, { onDelete: 'cascade' }),
    groupId: uuid().references(() => errorGroups.id, { onDelete: 'cascade' }),
    eventId: text(),
    name: text().notNull(),
    /** As the SDK sent it (the feedback screenshot comes as application/png). */
    contentType: text().notNull(),
    attachmentType: text(),
    size: integer().notNull(),
    sha256: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.feedbackId), index().on(t.groupId)],
);

/** Session replay recording segments (rrweb events, usually zlib-compressed) in the file store. */
export const replaySegments = pgTable(
  'replay_segments',
  {
    replayId: text().notNull(),
    segmentId: integer().notNull(),
    sha256: text().notNull(),
    size: integer().notNull(),
    userId: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.replayId, t.segmentId] })],
);
