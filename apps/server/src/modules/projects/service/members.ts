import type { AssignableRole, Member, MemberList } from '@deckhand/contract/projects';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { profiles } from '../../../db/schema/profiles';
import { projectMembers } from '../../../db/schema/projects';
import { users } from '../../../db/schema/users';
import { AppError } from '../../../platform/errors';
import { canManageMembers, canRemoveMember, canTransferOwnership } from '../policy';
import { forbidden, requireMembership } from './access';
import { listPendingInvitations } from './invitations';
import { getMember, memberColumns, toMember, type Viewer } from './member-dto';

/** Members in joining order, with what `viewer` may do to each; admins also see pending invitations. */
export async function buildMemberList(db: Db, viewer: Viewer, projectId: string): Promise<MemberList> {
  const rows = await db
    .select(memberColumns)
    .from(projectMembers)
    .innerJoin(users, eq(users.id, projectMembers.userId))
    .innerJoin(profiles, eq(profiles.userId, projectMembers.userId))
    .where(eq(projectMembers.projectId, projectId))
    .orderBy(asc(projectMembers.joinedAt), asc(projectMembers.userId));
  const invitations = canManageMembers(viewer.role) ? await listPendingInvitations(db, projectId) : [];
  return { members: rows.map((row) => toMember(viewer, row)), invitations };
}

function ownerRequired(message: string): AppError {
  return new AppError('projects/owner-required', message);
}

/** @throws projects/not-found (caller or target) · projects/forbidden · projects/owner-required */
export async function updateMemberRole(
  db: Db,
  actorId: string,
  projectId: string,
  targetId: string,
  role: AssignableRole,
): Promise<Member> {
  const actorRole = await requireMembership(db, projectId, actorId);
  if (!canManageMembers(actorRole)) throw forbidden('Only admins can change roles');
  const targetRole = await requireMembership(db, projectId, targetId);
  if (targetRole === 'owner') throw ownerRequired('The owner keeps that role until ownership is transferred');
  await db
    .update(projectMembers)
    .set({ role })
    .where(and(eq(projectMembers.projectId, projectId), eq(projectMembers.userId, targetId)));
  const member = await getMember(db, { userId: actorId, role: actorRole }, projectId, targetId);
  if (!member) throw new AppError('projects/not-found', 'No such member');
  return member;
}

/** Removes a member, or lets the caller leave. @throws projects/not-found · projects/forbidden · projects/owner-required */
export async function removeMember(db: Db, actorId: string, projectId: string, targetId: string): Promise<void> {
  const actorRole = await requireMembership(db, projectId, actorId);
  const targetRole = await requireMembership(db, projectId, targetId);
  if (targetRole === 'owner') throw ownerRequired('The owner cannot leave; transfer ownership first');
  if (!canRemoveMember({ role: actorRole, userId: actorId }, { role: targetRole, userId: targetId })) {
    throw forbidden('Only admins can remove other members');
  }
  await db
    .delete(projectMembers)
    .where(and(eq(projectMembers.projectId, projectId), eq(projectMembers.userId, targetId)));
}

/**
 * Makes another member the owner; the previous owner becomes an admin. There is always exactly one
 * owner (a partial unique index backs this up).
 * @throws projects/not-found · projects/forbidden (not the owner) · request/invalid (to yourself)
 */
export async function transferOwnership(db: Db, actorId: string, projectId: string, targetId: string): Promise<void> {
  const actorRole = await requireMembership(db, projectId, actorId);
  if (!canTransferOwnership(actorRole)) throw forbidden('Only the owner can transfer ownership');
  if (targetId === actorId) throw new AppError('request/invalid', 'user_id: you already own this project');
  await requireMembership(db, projectId, targetId);
  await db.transaction(async (tx) => {
    await tx
      .update(projectMembers)
      .set({ role: 'admin' })
      .where(and(eq(projectMembers.projectId, projectId), eq(projectMembers.userId, actorId)));
    await tx
      .update(projectMembers)
      .set({ role: 'owner' })
      .where(and(eq(projectMembers.projectId, projectId), eq(projectMembers.userId, targetId)));
  });
}
