import {
  type AddMemberInput,
  type Invitation,
  type InvitationPreview,
  invitationLifetimeDays,
  type Member,
} from '@deckhand/contract/projects';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { AppDeps } from '../../../app-deps';
import type { Db } from '../../../db/client';
import { projectInvitations, projectMembers, projects } from '../../../db/schema/projects';
import { users } from '../../../db/schema/users';
import { AppError } from '../../../platform/errors';
import { hashOpaqueToken, newOpaqueToken } from '../../../platform/opaque-tokens';
import { findUserByEmail, requireValidEmail } from '../../auth/users';
import { getProfile, profileNames } from '../../profile/service';
import { invitationMail } from '../mails';
import { canManageMembers } from '../policy';
import { forbidden, requireMembership } from './access';
import { getMember } from './member-dto';

type InvitationRow = typeof projectInvitations.$inferSelect;

const invitationLifetimeMs = invitationLifetimeDays * 24 * 60 * 60 * 1000;

/** Shown for an invitation whose sender's account is gone. */
const formerMember = 'A former member';

function toInvitation(row: InvitationRow, inviterName: string | undefined): Invitation {
  return {
    id: row.id,
    email: row.email,
    role: row.role,
    invited_by: { user_id: row.invitedBy, name: inviterName ?? formerMember },
    created_at: row.createdAt.toISOString(),
    expires_at: row.expiresAt.toISOString(),
  };
}

/** One invitation with its sender's current name. */
async function describeInvitation(db: Db, row: InvitationRow): Promise<Invitation> {
  const names = await profileNames(db, row.invitedBy ? [row.invitedBy] : []);
  return toInvitation(row, row.invitedBy ? names.get(row.invitedBy) : undefined);
}

function pending() {
  return and(
    isNull(projectInvitations.acceptedAt),
    isNull(projectInvitations.revokedAt),
    gt(projectInvitations.expiresAt, new Date()),
  );
}

export async function listPendingInvitations(db: Db, projectId: string): Promise<Invitation[]> {
  const rows = await db
    .select()
    .from(projectInvitations)
    .where(and(eq(projectInvitations.projectId, projectId), pending()))
    .orderBy(projectInvitations.createdAt);
  const names = await profileNames(
    db,
    rows.flatMap((row) => (row.invitedBy ? [row.invitedBy] : [])),
  );
  return rows.map((row) => toInvitation(row, row.invitedBy ? names.get(row.invitedBy) : undefined));
}

/** A fresh link (new token, new expiry) mailed to the invitee; earlier links stop working. */
async function mailFreshLink(deps: AppDeps, row: InvitationRow, inviterId: string): Promise<Invitation> {
  const token = newOpaqueToken();
  const [updated] = await deps.db
    .update(projectInvitations)
    .set({
      tokenHash: hashOpaqueToken(token),
      expiresAt: new Date(Date.now() + invitationLifetimeMs),
      invitedBy: inviterId,
    })
    .where(eq(projectInvitations.id, row.id))
    .returning();
  if (!updated) throw new AppError('projects/invitation-not-found', 'No such invitation');
  const [project] = await deps.db.select({ name: projects.name }).from(projects).where(eq(projects.id, row.projectId));
  const inviter = await getProfile(deps.db, inviterId);
  const url = `${deps.config.publicUrl}/invitations/${encodeURIComponent(token)}`;
  deps.mailer.sendInBackground(invitationMail(updated.email, inviter.name, project?.name ?? 'a project', url));
  return toInvitation(updated, inviter.name);
}

export type AddResult = { kind: 'member'; member: Member } | { kind: 'invitation'; invitation: Invitation };

/**
 * Adds an existing account at once; invites an unknown address by mail (inviting it again sends a
 * fresh link).
 * @throws projects/not-found · projects/forbidden · auth/invalid-email · projects/already-member
 */
export async function addMemberOrInvite(
  deps: AppDeps,
  actorId: string,
  projectId: string,
  input: AddMemberInput,
): Promise<AddResult> {
  const { db } = deps;
  const actorRole = await requireMembership(db, projectId, actorId);
  if (!canManageMembers(actorRole)) throw forbidden('Only admins can add members');
  const email = requireValidEmail(input.email);
  const user = await findUserByEmail(db, email);
  if (user) {
    const inserted = await db
      .insert(projectMembers)
      .values({ projectId, userId: user.id, role: input.role })
      .onConflictDoNothing()
      .returning();
    if (inserted.length === 0) throw new AppError('projects/already-member', 'This person is already a member');
    const member = await getMember(db, { userId: actorId, role: actorRole }, projectId, user.id);
    if (!member) throw new Error('member vanished after insert');
    return { kind: 'member', member };
  }
  const [existing] = await db
    .select()
    .from(projectInvitations)
    .where(and(eq(projectInvitations.projectId, projectId), eq(projectInvitations.email, email), pending()));
  const row =
    existing ??
    (
      await db
        .insert(projectInvitations)
        .values({
          projectId,
          email,
          role: input.role,
          tokenHash: hashOpaqueToken(newOpaqueToken()),
          expiresAt: new Date(),
        })
        .returning()
    )[0];
  if (!row) throw new Error('insert returned no row');
  if (existing && existing.role !== input.role) {
    await db.update(projectInvitations).set({ role: input.role }).where(eq(projectInvitations.id, existing.id));
  }
  return { kind: 'invitation', invitation: await mailFreshLink(deps, { ...row, role: input.role }, actorId) };
}

async function requirePendingInvitation(db: Db, actorId: string, projectId: string, invitationId: string) {
  if (!canManageMembers(await requireMembership(db, projectId, actorId))) {
    throw forbidden('Only admins can manage invitations');
  }
  const [row] = await db
    .select()
    .from(projectInvitations)
    .where(and(eq(projectInvitations.id, invitationId), eq(projectInvitations.projectId, projectId), pending()));
  if (!row) throw new AppError('projects/invitation-not-found', 'No such pending invitation');
  return row;
}

/** @throws projects/not-found · projects/forbidden · projects/invitation-not-found */
export async function revokeInvitation(db: Db, actorId: string, projectId: string, invitationId: string) {
  await requirePendingInvitation(db, actorId, projectId, invitationId);
  await db.update(projectInvitations).set({ revokedAt: new Date() }).where(eq(projectInvitations.id, invitationId));
}

/** @throws projects/not-found · projects/forbidden · projects/invitation-not-found */
export async function resendInvitation(deps: AppDeps, actorId: string, projectId: string, invitationId: string) {
  const row = await requirePendingInvitation(deps.db, actorId, projectId, invitationId);
  return mailFreshLink(deps, row, actorId);
}

/** @throws projects/invitation-not-found (unknown link) · projects/invitation-expired (used, revoked or past 7 days) */
async function findUsableInvitation(db: Db, token: string): Promise<InvitationRow> {
  const [row] = await db
    .select()
    .from(projectInvitations)
    .where(eq(projectInvitations.tokenHash, hashOpaqueToken(token)));
  if (!row) throw new AppError('projects/invitation-not-found', 'This invitation link is not valid');
  if (row.acceptedAt || row.revokedAt || row.expiresAt <= new Date()) {
    throw new AppError(
      'projects/invitation-expired',
      'This invitation has already been used, was withdrawn, or has expired',
    );
  }
  return row;
}

export async function previewInvitation(db: Db, token: string): Promise<InvitationPreview> {
  const row = await findUsableInvitation(db, token);
  const [project] = await db.select().from(projects).where(eq(projects.id, row.projectId));
  if (!project) throw new AppError('projects/invitation-not-found', 'This invitation link is not valid');
  const invitation = await describeInvitation(db, row);
  return {
    project: { id: project.id, name: project.name },
    inviter: { name: invitation.invited_by.name },
    email: row.email,
    role: row.role,
    expires_at: invitation.expires_at,
  };
}

/**
 * Joins the signed-in caller to the project; the link works once. A caller who is already a member
 * just uses the link up and keeps their role.
 */
export async function acceptInvitation(
  db: Db,
  userId: string,
  token: string,
): Promise<{ projectId: string; joined: boolean; inviterId: string | null }> {
  return db.transaction(async (tx) => {
    const row = await findUsableInvitation(tx, token);
    const [claimed] = await tx
      .update(projectInvitations)
      .set({ acceptedAt: new Date() })
      .where(and(eq(projectInvitations.id, row.id), isNull(projectInvitations.acceptedAt)))
      .returning();
    if (!claimed) throw new AppError('projects/invitation-expired', 'This invitation has already been used');
    const [account] = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId));
    if (!account) throw new AppError('auth/unauthenticated', 'This account no longer exists');
    const inserted = await tx
      .insert(projectMembers)
      .values({ projectId: row.projectId, userId, role: row.role })
      .onConflictDoNothing()
      .returning();
    return { projectId: row.projectId, joined: inserted.length > 0, inviterId: row.invitedBy };
  });
}
