import {
  type AssignableRole,
  type Invitation,
  type InvitationPreview,
  invitationLifetimeDays,
} from '@deckhand/contract/projects';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { projectInvitations, projects } from '../../../db/schema/projects';
import { AppError } from '../../../platform/errors';
import { hashOpaqueToken, newOpaqueToken } from '../../../platform/opaque-tokens';
import { getProfile, profileNames } from '../../profile/queries/profiles';
import type { InvitationMail } from '../events';
import { canManageMembers } from '../policy';
import { forbidden, requireMembership } from '../queries/access';

export type InvitationRow = typeof projectInvitations.$inferSelect;

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

/**
 * A fresh link for the invitation (new token, new expiry, sent by `inviterId`); earlier links stop working.
 * @returns the invitation as answered, and the mail that carries the link (the only copy of its token)
 */
export async function issueInvitationLink(
  db: Db,
  row: InvitationRow,
  inviterId: string,
): Promise<{ invitation: Invitation; mail: InvitationMail }> {
  const token = newOpaqueToken();
  const [updated] = await db
    .update(projectInvitations)
    .set({
      tokenHash: hashOpaqueToken(token),
      expiresAt: new Date(Date.now() + invitationLifetimeMs),
      invitedBy: inviterId,
    })
    .where(eq(projectInvitations.id, row.id))
    .returning();
  if (!updated) throw new AppError('projects/invitation-not-found', 'No such invitation');
  const [project] = await db.select({ name: projects.name }).from(projects).where(eq(projects.id, row.projectId));
  const inviter = await getProfile(db, inviterId);
  return {
    invitation: toInvitation(updated, inviter.name),
    mail: { to: updated.email, token, inviterName: inviter.name, projectName: project?.name ?? 'a project' },
  };
}

/**
 * The pending invitation of `email` to the project, made now if there is none, with `role`.
 * @returns its row (the token it was made with is never mailed: `issueInvitationLink` makes the one that is)
 */
export async function upsertPendingInvitation(
  db: Db,
  projectId: string,
  email: string,
  role: AssignableRole,
): Promise<InvitationRow> {
  const [existing] = await db
    .select()
    .from(projectInvitations)
    .where(and(eq(projectInvitations.projectId, projectId), eq(projectInvitations.email, email), pending()));
  const row =
    existing ??
    (
      await db
        .insert(projectInvitations)
        .values({ projectId, email, role, tokenHash: hashOpaqueToken(newOpaqueToken()), expiresAt: new Date() })
        .returning()
    )[0];
  if (!row) throw new Error('insert returned no row');
  if (existing && existing.role !== role) {
    await db.update(projectInvitations).set({ role }).where(eq(projectInvitations.id, existing.id));
  }
  return { ...row, role };
}

/** @throws projects/not-found · projects/forbidden (below admin) · projects/invitation-not-found */
export async function requirePendingInvitation(db: Db, actorId: string, projectId: string, invitationId: string) {
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

/** @throws projects/invitation-not-found (unknown link) · projects/invitation-expired (used, revoked or past 7 days) */
export async function findUsableInvitation(db: Db, token: string): Promise<InvitationRow> {
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
