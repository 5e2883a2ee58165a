import { sql } from 'drizzle-orm';
import { check, customType, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { uuidv7 } from '../../platform/ids';
import { cards } from './cards';
import { projects } from './projects';
import { users } from './users';

/**
 * An order key (see modules/tasks/service/order-keys.ts). Compared byte by byte: the database's collation
 * could otherwise sort 'a' and 'B' in another order than the keys were made for.
 */
const orderKey = customType<{ data: string }>({ dataType: () => 'text COLLATE "C"' });

/** A kanban column of a project: its tasks' status. Board order is `position`. */
export const taskStatuses = pgTable(
  'task_statuses',
  {
    id: uuid().primaryKey().$defaultFn(uuidv7),
    projectId: uuid()
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    color: text().notNull(),
    category: text({ enum: ['todo', 'in_progress', 'done'] }).notNull(),
    wipLimit: integer(),
    position: orderKey().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** Part of the board's version (service/board-version.ts): set by the database clock on every change. */
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Names are unique in a project whatever their case: "Done" and "done" would be one column to people.
    uniqueIndex('task_statuses_project_name_idx').on(t.projectId, sql`lower(${t.name})`),
    uniqueIndex('task_statuses_project_position_idx').on(t.projectId, t.position),
    check('task_statuses_category_check', sql`${t.category} in ('todo', 'in_progress', 'done')`),
  ],
);

/** A task of a card, in one status of the card's project, ordered within it by `position`. */
export const tasks = pgTable(
  'tasks',
  {
    id: uuid().primaryKey().$defaultFn(uuidv7),
    projectId: uuid()
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    cardId: uuid()
      .notNull()
      .references(() => cards.id, { onDelete: 'cascade' }),
    statusId: uuid()
      .notNull()
      .references(() => taskStatuses.id),
    title: text().notNull(),
    position: orderKey().notNull(),
    assigneeIds: uuid().array().notNull().default(sql`'{}'::uuid[]`),
    dueAt: timestamp({ withTimezone: true }),
    priority: text({ enum: ['none', 'low', 'medium', 'high', 'urgent'] })
      .notNull()
      .default('none'),
    labels: text().array().notNull().default(sql`'{}'::text[]`),
    doneAt: timestamp({ withTimezone: true }),
    /** The due moment whose "due in 24 hours" reminder went out: a new due date re-arms it, the same one never. */
    dueRemindedFor: timestamp({ withTimezone: true }),
    /** Likewise for the "overdue" reminder. */
    overdueRemindedFor: timestamp({ withTimezone: true }),
    createdBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdByName: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    // The database's clock at the write, not the transaction's start: a board read finds the rows written since it
    // by this column (board-rows.ts), also those a transaction writes long after it began.
    updatedAt: timestamp({ withTimezone: true }).notNull().default(sql`clock_timestamp()`),
  },
  (t) => [
    // The order within a status is total: two moves that compute the same key cannot both be stored.
    uniqueIndex('tasks_status_position_idx').on(t.statusId, t.position),
    index('tasks_card_idx').on(t.cardId),
    // The board's version: how many tasks a project has and when the latest changed, from the index alone.
    index('tasks_project_updated_idx').on(t.projectId, t.updatedAt),
    // My work: a person's assigned tasks.
    index('tasks_assignees_idx').using('gin', t.assigneeIds),
    check('tasks_priority_check', sql`${t.priority} in ('none', 'low', 'medium', 'high', 'urgent')`),
  ],
);
