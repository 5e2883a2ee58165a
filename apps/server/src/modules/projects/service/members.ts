import type { MemberList } from '@deckhand/contract/projects';
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { profiles } from '../../../db/schema/profiles';
import { projectMembers } from '../../../db/schema/projects';
import { users } from '../../../db/schema/users';
import { AppError } from '../../../platform/errors';
import { profileNames } from '../../profile/queries/profiles';
import type { MemberRef } from '../events';
import { canManageMembers } from '../policy';
import { listPendingInvitations } from './invitations';
import { memberColumns, toMember, type Viewer } from './member-dto';

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

export function ownerRequired(message: string): AppError {
  return new AppError('projects/owner-required', message);
}

/** A member as the membership events name them: their name now (inside a write: as the write found it). */
export async function memberRef(db: Db, userId: string): Promise<MemberRef> {
  const names = await profileNames(db, [userId]);
  return { userId, name: names.get(userId) ?? 'User' };
}
