import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { uuidv7 } from '../../platform/ids';
import { users } from './users';

/** Spec §7 usage events. Properties hold ids and small enums only, never message text or file content. */
export const usageEvents = pgTable(
  'usage_events',
  {
    id: uuid().primaryKey().$defaultFn(uuidv7),
    name: text().notNull(),
    userId: uuid().references(() => users.id, { onDelete: 'set null' }),
    properties: jsonb().$type<Record<string, string | number | boolean | null>>().notNull().default({}),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('usage_events_name_created_idx').on(t.name, t.createdAt), index().on(t.createdAt)],
);
