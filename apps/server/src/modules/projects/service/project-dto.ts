import { type MemberAvatar, type Project, projectLimits } from '@deckhand/contract/projects';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { isoTimestamp } from '../../../db/iso-timestamp';
import { profiles } from '../../../db/schema/profiles';
import { projectMembers, projects } from '../../../db/schema/projects';
import { abilitiesFor } from '../policy';

/**
 * Per project of `userId` (or just `projectId`): the member count and the first few members by joining order, as
 * the JSON array the list sends. One pass over those projects' memberships, so the plan does not depend on table
 * statistics, and the database builds one small array per project rather than sending a row per avatar.
 */
function membersInBrief(db: Db, userId: string, projectId: string | undefined) {
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
      total: sql<number>`count(*) over (partition by ${projectMembers.projectId})`.as('total'),
    })
    .from(projectMembers)
    .innerJoin(profiles, eq(profiles.userId, projectMembers.userId))
    .where(
      inArray(
        projectMembers.projectId,
        db
          .select({ projectId: projectMembers.projectId })
          .from(projectMembers)
          .where(
            and(
              eq(projectMembers.userId, userId),
              projectId === undefined ? undefined : eq(projectMembers.projectId, projectId),
            ),
          ),
      ),
    )
    .as('ranked');
  return db
    .select({
      projectId: ranked.projectId,
      total: sql<number>`max(${ranked.total})::int`.as('member_total'),
      members: sql<MemberAvatar[]>`coalesce(json_agg(json_build_object('user_id', ${ranked.userId},
        'name', ${ranked.name}, 'avatar_url', ${ranked.avatarUrl}, 'color', ${ranked.color})
        order by ${ranked.position}) filter (where ${ranked.position} <= ${projectLimits.avatarsInList}), '[]'::json)`.as(
        'first_members',
      ),
    })
    .from(ranked)
    .groupBy(ranked.projectId)
    .as('brief');
}

/**
 * Projects as `userId` sees them — their role, what it allows, the member count and a few avatars — most recently
 * active first; only projects they belong to. With `projectId`, that one project (or none).
 */
export async function selectProjects(db: Db, userId: string, projectId?: string): Promise<Project[]> {
  const brief = membersInBrief(db, userId, projectId);
  const rows = await db
    .select({
      id: projects.id,
      name: projects.name,
      description: projects.description,
      role: projectMembers.role,
      memberCount: brief.total,
      members: brief.members,
      createdAt: isoTimestamp(projects.createdAt),
      updatedAt: isoTimestamp(projects.updatedAt),
    })
    .from(projectMembers)
    .innerJoin(projects, eq(projects.id, projectMembers.projectId))
    .innerJoin(brief, eq(brief.projectId, projects.id))
    .where(and(eq(projectMembers.userId, userId), projectId === undefined ? undefined : eq(projects.id, projectId)))
    .orderBy(desc(projects.lastActivityAt), desc(projects.id));
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    description: row.description,
    role: row.role,
    abilities: abilitiesFor(row.role),
    member_count: row.memberCount,
    members: row.members,
    created_at: row.createdAt,
    updated_at: row.updatedAt,
  }));
}

/** One project as `userId` sees it. @throws Error when they are not a member (callers check that first) */
export async function selectProject(db: Db, userId: string, projectId: string): Promise<Project> {
  const [project] = await selectProjects(db, userId, projectId);
  if (!project) throw new Error(`project ${projectId} is not visible to ${userId}`);
  return project;
}
