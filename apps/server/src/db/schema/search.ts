import { sql } from 'drizzle-orm';
import { customType, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { cards, chats } from './cards';
import { files } from './files';
import { messages } from './messages';
import { projects } from './projects';
import { tasks } from './tasks';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * The search index (modules/search): one row per card, task, message and file, keyed by its id, holding only
 * what search matches and orders by — the text stays in its own table. Rows are written by the search area's
 * subscribers through the SQL functions `search_index_<type>s(ids)` of migration 0016, which read the rows
 * themselves, so a late or repeated run writes the latest state. Each row has a key to what it indexes, so any
 * deletion takes its rows with it in the same transaction: what is deleted is never found again.
 */
export const searchEntries = pgTable(
  'search_entries',
  {
    id: uuid().primaryKey(),
    type: text({ enum: ['card', 'task', 'message', 'file'] }).notNull(),
    projectId: uuid()
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    cardId: uuid()
      .notNull()
      .references(() => cards.id, { onDelete: 'cascade' }),
    chatId: uuid().references(() => chats.id, { onDelete: 'cascade' }),
    taskId: uuid().references(() => tasks.id, { onDelete: 'cascade' }),
    messageId: uuid().references(() => messages.id, { onDelete: 'cascade' }),
    fileId: uuid().references(() => files.id, { onDelete: 'cascade' }),
    /** A card's or task's creator, a message's author, a file's uploader (`from:`); no key: accounts go. */
    authorId: uuid(),
    /** When the matched text last changed: the order among equally good matches, newest first. */
    updatedAt: timestamp({ withTimezone: true }).notNull(),
    /** The title's words alone: a query all of whose words are here ranks above the others. */
    titleVector: tsvector().notNull(),
    /** Every word: the title's and the body's (a card's text, a task's labels, a message's text). */
    vector: tsvector().notNull(),
  },
  (t) => [
    // No fast update: its pending list of unmerged entries is read by every search until a vacuum merges it, and
    // entries are written in batches anyway.
    index('search_entries_vector_idx').using('gin', t.vector).with({ fastupdate: false }),
    // Title matches come first: for a rare word the planner reads them from here, for a common one it reads the
    // newest entries in order and stops at a page.
    index('search_entries_title_vector_idx').using('gin', t.titleVector).with({ fastupdate: false }),
    index('search_entries_updated_idx').on(t.updatedAt.desc(), t.id.desc()),
    index('search_entries_project_idx').on(t.projectId, t.updatedAt.desc(), t.id.desc()),
    index('search_entries_author_idx').on(t.authorId, t.updatedAt.desc()),
    index('search_entries_card_idx').on(t.cardId),
    index('search_entries_chat_idx').on(t.chatId).where(sql`${t.chatId} is not null`),
    // For the cascades: a deleted task, message or file finds its row.
    index('search_entries_task_idx').on(t.taskId).where(sql`${t.taskId} is not null`),
    index('search_entries_message_idx').on(t.messageId).where(sql`${t.messageId} is not null`),
    index('search_entries_file_idx').on(t.fileId).where(sql`${t.fileId} is not null`),
  ],
);
