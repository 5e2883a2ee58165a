import type { Member, ProjectRole } from '@deckhand/contract/projects';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { isoTimestamp } from '../../../db/iso-timestamp';
import { profiles } from '../../../db/schema/profiles';
import { projectMembers } from '../../../db/schema/projects';
import { users } from '../../../db/schema/users';
import { canChangeMemberRole, canRemoveMember } from '../policy';

/** Who is looking: member abilities are answered from their point of view. */
export interface Viewer {
  userId: string;
  role: ProjectRole;
}

export const memberColumns = {
  userId: projectMembers.userId,
  role: projectMembers.role,
  joinedAt: isoTimestamp(projectMembers.joinedAt),
  projectId: projectMembers.projectId,
  email: users.email,
  name: profiles.name,
  avatarUrl: profiles.avatarUrl,
  color: profiles.color,
};

export function toMember(
  viewer: Viewer,
  row: {
    projectId: string;
    userId: string;
    role: Member['role'];
    joinedAt: string;
    email: string;
    name: string;
    avatarUrl: string;
    color: string;
  },
): Member {
  return {
    id: `${row.projectId}:${row.userId}`,
    user_id: row.userId,
    name: row.name,
    email: row.email,
    avatar_url: row.avatarUrl,
    color: row.color,
    role: row.role,
    joined_at: row.joinedAt,
    abilities: {
      change_role: canChangeMemberRole(viewer.role, row.role),
      remove: canRemoveMember(viewer, { role: row.role, userId: row.userId }),
    },
  };
}

export async function getMember(
  db: Db,
  viewer: Viewer,
  projectId: string,
  userId: string,
): Promise<Member | undefined> {
  const [row] = await db
    .select(memberColumns)
    .from(projectMembers)
    .innerJoin(users, eq(users.id, projectMembers.userId))
    .innerJoin(profiles, eq(profiles.userId, projectMembers.userId))
    .where(and(eq(projectMembers.projectId, projectId), eq(projectMembers.userId, userId)));
  return row ? toMember(viewer, row) : undefined;
}
