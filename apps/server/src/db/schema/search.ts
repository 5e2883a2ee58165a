import { sql } from 'drizzle-orm';
import { customType, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * The search index (modules/search): one row per card, task, message and file, keyed by its id, holding only
 * what search matches and orders by — the text stays in its own table. Rows are written by the search area's
 * subscribers through the SQL functions `search_index_<type>s(ids)` of migration 0016, which read the rows
 * themselves, so a late or repeated run writes the latest state, and removed by its subscribers to deletions.
 * No foreign keys: their checks and row locks on every insert, and their triggers on the tasks a busy board
 * moves, cost more than the subscribers; a search never shows an entry whose thing is gone anyway (it reads the
 * things back).
 */
export const searchEntries = pgTable(
  'search_entries',
  {
    id: uuid().primaryKey(),
    type: text({ enum: ['card', 'task', 'message', 'file'] }).notNull(),
    projectId: uuid().notNull(),
    cardId: uuid().notNull(),
    /** A message's chat, or the chat of the message a file came with. */
    chatId: uuid(),
    /** A message's own id, or the message a file came with: a message's deletion takes its files' entries too. */
    messageId: uuid(),
    /** A card's or task's creator, a message's author, a file's uploader (`from:`; not indexed, as it narrows
     * the words' or the newest entries' matches). */
    authorId: uuid(),
    /** When the matched text last changed: the order among equally good matches, newest first. */
    updatedAt: timestamp({ withTimezone: true }).notNull(),
    /** The title's words alone: a query all of whose words are here ranks above the others. */
    titleVector: tsvector().notNull(),
    /** Every word: the title's and the body's (a card's text, a task's labels, a message's text). */
    vector: tsvector().notNull(),
  },
  (t) => [
    // Fast update into a small pending list: new entries are appended and merged 256 kB at a time, by the batch
    // that fills it (never a request), and every search reads at most that much unmerged.
    index('search_entries_vector_idx').using('gin', t.vector).with({ fastupdate: true, gin_pending_list_limit: 256 }),
    // Title matches come first: for a rare word the planner reads them from here, for a common one it reads the
    // newest entries in order and stops at a page.
    index('search_entries_title_vector_idx')
      .using('gin', t.titleVector)
      .with({ fastupdate: true, gin_pending_list_limit: 256 }),
    index('search_entries_updated_idx').on(t.updatedAt.desc(), t.id.desc()),
    index('search_entries_project_idx').on(t.projectId, t.updatedAt.desc(), t.id.desc()),
    // For the deletions of a chat and a message with what they hold (not of a card: see the search subscribers).
    index('search_entries_chat_idx').on(t.chatId).where(sql`${t.chatId} is not null`),
    index('search_entries_message_idx').on(t.messageId).where(sql`${t.messageId} is not null`),
  ],
);
