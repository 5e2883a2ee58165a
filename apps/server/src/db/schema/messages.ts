import { sql } from 'drizzle-orm';
import { index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { uuidv7 } from '../../platform/ids';
import { cards, chats } from './cards';
import { projects } from './projects';
import { users } from './users';

/** A chat message. Ids are UUIDv7, so `id` orders a chat's messages by time and serves as the page cursor. */
export const messages = pgTable(
  'messages',
  {
    id: uuid().primaryKey().$defaultFn(uuidv7),
    chatId: uuid()
      .notNull()
      .references(() => chats.id, { onDelete: 'cascade' }),
    cardId: uuid()
      .notNull()
      .references(() => cards.id, { onDelete: 'cascade' }),
    projectId: uuid()
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    authorId: uuid().references(() => users.id, { onDelete: 'set null' }),
    authorName: text().notNull(),
    /** Stored as sent; rendered as text, never as HTML. */
    text: text().notNull(),
    mentions: uuid().array().notNull().default(sql`'{}'::uuid[]`),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    editedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index('messages_chat_idx').on(t.chatId, t.id)],
);

/** One row per person and emoji on a message: a person reacts once per emoji. */
export const messageReactions = pgTable(
  'message_reactions',
  {
    messageId: uuid()
      .notNull()
      .references(() => messages.id, { onDelete: 'cascade' }),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    emoji: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.messageId, t.emoji, t.userId] })],
);

/** How far each person has read a chat: messages after this one, by others, are unread. */
export const chatReads = pgTable(
  'chat_reads',
  {
    chatId: uuid()
      .notNull()
      .references(() => chats.id, { onDelete: 'cascade' }),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lastReadMessageId: uuid().notNull(),
  },
  (t) => [primaryKey({ columns: [t.chatId, t.userId] })],
);

/** Who hears about new messages in a chat: its card's author, who posted in it, who was mentioned in it. */
export const chatFollowers = pgTable(
  'chat_followers',
  {
    chatId: uuid()
      .notNull()
      .references(() => chats.id, { onDelete: 'cascade' }),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.chatId, t.userId] })],
);
