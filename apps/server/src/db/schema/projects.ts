import { assignableRoles, projectRoles } from '@deckhand/contract/projects';
import { sql } from 'drizzle-orm';
import {
  bigint,
  index,
  pgSequence,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { uuidv7 } from '../../platform/ids';
import { users } from './users';

/**
 * Numbers every change to what a project's lists show. Values are never reused, so a version seen once can only
 * mean that one state (see `projects.version`).
 */
export const projectVersionSeq = pgSequence('project_version_seq');

export const projects = pgTable(
  'projects',
  {
    id: uuid().primaryKey().$defaultFn(uuidv7),
    name: text().notNull(),
    description: text().notNull().default(''),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** Bumped by any change inside the project; orders the dashboard. */
    lastActivityAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /**
     * A new value from project_version_seq whenever anything the project and member lists show of this project
     * changes: the row itself, a membership, an invitation, or a member's profile or email. Database triggers keep it
     * (migration 0006), so no code path can forget; cached list answers are checked against it.
     */
    version: bigint({ mode: 'number' }).notNull().default(sql`nextval('project_version_seq')`),
  },
  (t) => [index('projects_last_activity_idx').on(t.lastActivityAt)],
);

/** Exactly one row per project has role 'owner' (enforced by a partial unique index). */
export const projectMembers = pgTable(
  'project_members',
  {
    projectId: uuid()
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text({ enum: projectRoles }).notNull(),
    joinedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.projectId, t.userId] }),
    index('project_members_user_idx').on(t.userId),
    // Lists show the first few members by joining order without sorting a big project's whole membership.
    index('project_members_joined_idx').on(t.projectId, t.joinedAt, t.userId),
    uniqueIndex('project_members_one_owner_idx').on(t.projectId).where(sql`${t.role} = 'owner'`),
  ],
);

/** Invitations by mail for addresses without an account; the link token is stored hashed. */
export const projectInvitations = pgTable(
  'project_invitations',
  {
    id: uuid().primaryKey().$defaultFn(uuidv7),
    projectId: uuid()
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    email: text().notNull(),
    role: text({ enum: assignableRoles }).notNull(),
    tokenHash: text().notNull(),
    invitedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    acceptedAt: timestamp({ withTimezone: true }),
    revokedAt: timestamp({ withTimezone: true }),
  },
  (t) => [uniqueIndex('project_invitations_token_idx').on(t.tokenHash), index().on(t.projectId)],
);
