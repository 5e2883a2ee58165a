import type { ActivityChanges, ActivityPerson, ActivityVerb } from '@deckhand/contract/activity';
import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { projects } from './projects';

/**
 * A project's history, one row per meaningful change (modules/activity). Rows outlive what they describe, so the
 * card, task, chat and file ids have no foreign keys, and names are copied as they were; the project's deletion
 * removes its history.
 */
export const activities = pgTable(
  'activities',
  {
    /** UUIDv7: the history's order, newest first, and its page cursor. */
    id: uuid().primaryKey(),
    projectId: uuid()
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    cardId: uuid(),
    taskId: uuid(),
    chatId: uuid(),
    fileId: uuid(),
    /** Null when the system acted. */
    actorId: uuid(),
    actorName: text(),
    /** 'token' when the actor acted through an API token; null in the app. */
    via: text().$type<'token'>(),
    verb: text().$type<ActivityVerb>().notNull(),
    subject: text().notNull(),
    changes: jsonb().$type<ActivityChanges>().notNull().default({}),
    member: jsonb().$type<ActivityPerson>(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    index('activities_project_idx').on(t.projectId, t.id.desc()),
    index('activities_card_idx').on(t.cardId, t.id.desc()),
    index('activities_task_idx').on(t.taskId, t.id.desc()),
  ],
);
