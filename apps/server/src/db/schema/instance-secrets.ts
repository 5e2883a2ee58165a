import { jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Keys generated on first start and shared by every instance (JWT signing key, later VAPID keys).
 * The first instance to insert wins; the others read its value.
 */
export const instanceSecrets = pgTable('instance_secrets', {
  name: text().primaryKey(),
  value: jsonb().$type<unknown>().notNull(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
