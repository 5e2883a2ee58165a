import { type MemberAvatar, type Project, type ProjectRole, projectLimits } from '@deckhand/contract/projects';
import { eq, inArray, lte, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { profiles } from '../../../db/schema/profiles';
import { projectMembers, type projects } from '../../../db/schema/projects';
import { abilitiesFor } from '../policy';

type ProjectRow = typeof projects.$inferSelect;

/**
 * The first few members of each project and the member counts, in one query for any number of projects.
 * `memberOf` selects "every project of this person" by a subquery rather than a long list of ids.
 */
async function avatarsFor(db: Db, projectIds: string[], memberOf: string | undefined) {
  const result = new Map<string, { members: MemberAvatar[]; count: number }>();
  if (projectIds.length === 0) return result;
  const scope = memberOf
    ? inArray(
        projectMembers.projectId,
        db
          .select({ projectId: projectMembers.projectId })
          .from(projectMembers)
          .where(eq(projectMembers.userId, memberOf)),
      )
    : inArray(projectMembers.projectId, projectIds);
  const ranked = db
    .select({
      projectId: projectMembers.projectId,
      userId: projectMembers.userId,
      name: profiles.name,
      avatarUrl: profiles.avatarUrl,
      color: profiles.color,
      position:
        sql<number>`row_number() over (partition by ${projectMembers.projectId} order by ${projectMembers.joinedAt}, ${projectMembers.userId})`.as(
          'position',
        ),
      total: sql<number>`(count(*) over (partition by ${projectMembers.projectId}))::int`.as('total'),
    })
    .from(projectMembers)
    .innerJoin(profiles, sql`${profiles.userId} = ${projectMembers.userId}`)
    .where(scope)
    .as('ranked');
  const rows = await db.select().from(ranked).where(lte(ranked.position, projectLimits.avatarsInList));
  for (const row of rows) {
    const entry = result.get(row.projectId) ?? { members: [], count: Number(row.total) };
    entry.members.push({ user_id: row.userId, name: row.name, avatar_url: row.avatarUrl, color: row.color });
    result.set(row.projectId, entry);
  }
  return result;
}

/** Projects as the caller sees them: their role, what it allows, and a few members' avatars. */
export async function toProjectDtos(
  db: Db,
  rows: { project: ProjectRow; role: ProjectRole }[],
  memberOf?: string,
): Promise<Project[]> {
  const avatars = await avatarsFor(
    db,
    rows.map((r) => r.project.id),
    memberOf,
  );
  return rows.map(({ project, role }) => ({
    id: project.id,
    name: project.name,
    description: project.description,
    role,
    abilities: abilitiesFor(role),
    member_count: avatars.get(project.id)?.count ?? 0,
    members: avatars.get(project.id)?.members ?? [],
    created_at: project.createdAt.toISOString(),
    updated_at: project.updatedAt.toISOString(),
  }));
}

export async function toProjectDto(db: Db, project: ProjectRow, role: ProjectRole): Promise<Project> {
  const [dto] = await toProjectDtos(db, [{ project, role }]);
  if (!dto) throw new Error('project dto missing');
  return dto;
}
