import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { uuidv7 } from '../../platform/ids';

/** Accounts. Display fields (name, avatar, colour) live in `profiles`, so there is one source for each. */
export const users = pgTable(
  'users',
  {
    id: uuid().primaryKey().$defaultFn(uuidv7),
    /** Stored lower-cased and trimmed; unique. */
    email: text().notNull(),
    /** Null for accounts created by federated sign-in that never set a password. */
    passwordHash: text(),
    emailVerifiedAt: timestamp({ withTimezone: true }),
    greetingSentAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('users_email_idx').on(t.email), index('users_created_at_idx').on(t.createdAt)],
);

/** Links an account to a federated identity (issuer subject). */
export const userIdentities = pgTable(
  'user_identities',
  {
    id: uuid().primaryKey().$defaultFn(uuidv7),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text().notNull(),
    subject: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('user_identities_provider_subject_idx').on(t.provider, t.subject), index().on(t.userId)],
);

/**
 * Rotating refresh tokens, stored as SHA-256 hashes. A family is one sign-in; presenting a token
 * that was already rotated revokes the whole family (reuse detection).
 */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: uuid().primaryKey().$defaultFn(uuidv7),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    familyId: uuid().notNull(),
    tokenHash: text().notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    rotatedAt: timestamp({ withTimezone: true }),
    revokedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('refresh_tokens_hash_idx').on(t.tokenHash),
    index('refresh_tokens_family_idx').on(t.familyId),
    index('refresh_tokens_user_idx').on(t.userId),
  ],
);

export const oneTimeTokenPurposes = ['verify-email', 'password-reset'] as const;

/** Single-use tokens sent by mail (verification and password reset), stored hashed. */
export const oneTimeTokens = pgTable(
  'one_time_tokens',
  {
    id: uuid().primaryKey().$defaultFn(uuidv7),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text({ enum: oneTimeTokenPurposes }).notNull(),
    tokenHash: text().notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('one_time_tokens_hash_idx').on(t.tokenHash),
    index('one_time_tokens_user_idx').on(t.userId, t.purpose).where(sql`${t.usedAt} is null`),
  ],
);

/** In-flight federated sign-ins: PKCE verifier and nonce, bound to the browser that started them. */
export const oidcStates = pgTable('oidc_states', {
  state: text().primaryKey(),
  provider: text().notNull(),
  codeVerifier: text().notNull(),
  nonce: text().notNull(),
  browserKeyHash: text().notNull(),
  expiresAt: timestamp({ withTimezone: true }).notNull(),
});
