import type { TokenScope } from '@deckhand/contract/tokens';
import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { uuidv7 } from '../../platform/ids';
import { users } from './users';

/**
 * Personal API tokens (modules/tokens). Only the SHA-256 of the secret is kept: the secret has about 238 bits, so
 * a slow hash would add nothing but a cost on every request. A revoked token's row is deleted.
 */
export const apiTokens = pgTable(
  'api_tokens',
  {
    id: uuid().primaryKey().$defaultFn(uuidv7),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    scope: text().$type<TokenScope>().notNull(),
    /** Null: all the owner's projects. */
    projectIds: uuid().array(),
    /** Hex. */
    secretHash: text().notNull().unique(),
    tokenHint: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp({ withTimezone: true }),
    lastUsedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index('api_tokens_user_idx').on(t.userId, t.createdAt)],
);
