import { bigint, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { uuidv7 } from '../../platform/ids';
import { cards } from './cards';
import { messages } from './messages';
import { projects } from './projects';
import { users } from './users';

/**
 * An uploaded file. The bytes live in platform/storage under `storageKey` (and a WebP thumbnail under
 * `thumbnailKey` for images); a row removed by a cascade leaves its objects to the files sweep
 * (modules/files/sweep.ts). Ids are UUIDv7, so `id` orders files by time and serves as the page cursor.
 */
export const files = pgTable(
  'files',
  {
    id: uuid().primaryKey().$defaultFn(uuidv7),
    projectId: uuid()
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    cardId: uuid().references(() => cards.id, { onDelete: 'cascade' }),
    messageId: uuid().references(() => messages.id, { onDelete: 'cascade' }),
    uploaderId: uuid().references(() => users.id, { onDelete: 'set null' }),
    /** Shown when the uploader's account is gone. */
    uploaderName: text().notNull(),
    name: text().notNull(),
    contentType: text().notNull(),
    size: bigint({ mode: 'number' }).notNull(),
    width: integer(),
    height: integer(),
    storageKey: text().notNull(),
    thumbnailKey: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('files_project_idx').on(t.projectId, t.id),
    index('files_card_idx').on(t.cardId, t.id),
    index('files_message_idx').on(t.messageId),
  ],
);
