import type { ImportCounts, ImportKind, TransferStatus } from '@deckhand/contract/transfer';
import { bigint, index, jsonb, pgTable, real, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { uuidv7 } from '../../platform/ids';
import { projects } from './projects';
import { users } from './users';

/**
 * A project's export (modules/transfer): a job writes the zip to storage under `storageKey` and keeps `progress`
 * here, so any instance answers for it. Kept 7 days; the retention removes the row and its zip together (and a
 * zip whose row went with its project).
 */
export const projectExports = pgTable(
  'project_exports',
  {
    id: uuid().primaryKey().$defaultFn(uuidv7),
    projectId: uuid()
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    requestedBy: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text().$type<TransferStatus>().notNull().default('queued'),
    progress: real().notNull().default(0),
    size: bigint({ mode: 'number' }),
    storageKey: text(),
    error: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index('project_exports_project_idx').on(t.projectId, t.id), index().on(t.createdAt)],
);

/**
 * An import into a new project. The uploaded file waits in storage under `uploadKey` until the job has read it.
 * `pendingProjectId` is the project being written, invisible (it has no members) until the import completes;
 * a job run again after a crash removes it first.
 */
export const projectImports = pgTable(
  'project_imports',
  {
    id: uuid().primaryKey().$defaultFn(uuidv7),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text().$type<ImportKind>().notNull(),
    /** The name asked for (`name`), or the file's name until the file says better. */
    name: text(),
    fileName: text().notNull(),
    status: text().$type<TransferStatus>().notNull().default('queued'),
    progress: real().notNull().default(0),
    uploadKey: text(),
    pendingProjectId: uuid(),
    projectId: uuid().references(() => projects.id, { onDelete: 'set null' }),
    counts: jsonb().$type<ImportCounts>(),
    warnings: jsonb().$type<string[]>().notNull().default([]),
    error: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index('project_imports_user_idx').on(t.userId, t.id), index().on(t.createdAt)],
);
