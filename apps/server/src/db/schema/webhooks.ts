import type { DeliveryStatus } from '@deckhand/contract/webhooks';
import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { uuidv7 } from '../../platform/ids';
import { projects } from './projects';
import { users } from './users';

/**
 * A project's webhooks (modules/webhooks). The secret is kept as it was shown: every delivery is signed with it.
 * `leaseOwner`/`leaseUntil` name the instance sending the webhook's deliveries, one at a time and in order; a
 * lease that lapses (its instance died) lets another take over.
 */
export const webhooks = pgTable(
  'webhooks',
  {
    id: uuid().primaryKey().$defaultFn(uuidv7),
    projectId: uuid()
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    url: text().notNull(),
    /** Event types, or ['*'] for all. */
    events: text().array().notNull(),
    description: text(),
    secret: text().notNull(),
    enabled: boolean().notNull().default(true),
    disabledReason: text(),
    createdBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** Failed attempts since the last success. */
    failuresInRow: integer().notNull().default(0),
    /** The first failure since the last success. */
    failingSince: timestamp({ withTimezone: true }),
    leaseOwner: text(),
    leaseUntil: timestamp({ withTimezone: true }),
  },
  (t) => [index('webhooks_project_idx').on(t.projectId, t.createdAt)],
);

/**
 * One event for one webhook: its body as sent (the same bytes on every attempt) and how its attempts went. The
 * id is the `webhook-id` header; UUIDv7, so the id order is the events' order, and the 14-day prune goes by it.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: uuid().primaryKey(),
    webhookId: uuid()
      .notNull()
      .references(() => webhooks.id, { onDelete: 'cascade' }),
    event: text().notNull(),
    requestBody: text().notNull(),
    status: text().$type<DeliveryStatus>().notNull().default('pending'),
    attempts: integer().notNull().default(0),
    lastStatusCode: integer(),
    lastError: text(),
    durationMs: integer(),
    responseBody: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    nextAttemptAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('webhook_deliveries_log_idx').on(t.webhookId, t.id.desc()),
    index('webhook_deliveries_due_idx').on(t.nextAttemptAt, t.webhookId).where(sql`${t.status} = 'pending'`),
  ],
);
