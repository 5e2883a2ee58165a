import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { uuidv7 } from '../../platform/ids';
import { projects } from './projects';
import { users } from './users';

/**
 * Spec §3 notifications. Ids are UUIDv7, so `id` orders them by time and serves as the page cursor.
 * Card, chat, task and file ids stay plain columns until those tables exist.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid().primaryKey().$defaultFn(uuidv7),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text().notNull(),
    title: text().notNull(),
    message: text().notNull(),
    projectId: uuid().references(() => projects.id, { onDelete: 'set null' }),
    cardId: uuid(),
    chatId: uuid(),
    taskId: uuid(),
    fileId: uuid(),
    authorId: uuid().references(() => users.id, { onDelete: 'set null' }),
    /** Kept as written, so the notification still reads right after the author renames or leaves. */
    authorName: text(),
    isRead: boolean().notNull().default(false),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('notifications_user_idx').on(t.userId, t.id),
    index('notifications_unread_idx').on(t.userId).where(sql`${t.isRead} = false`),
  ],
);

/** Browser push subscriptions; one endpoint belongs to one account (the last to register it). */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: uuid().primaryKey().$defaultFn(uuidv7),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text().notNull().unique(),
    p256dh: text().notNull(),
    auth: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('push_subscriptions_user_idx').on(t.userId)],
);
