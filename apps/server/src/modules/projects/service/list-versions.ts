import type { ProjectRole } from '@deckhand/contract/projects';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { projectMembers, projects } from '../../../db/schema/projects';
import { projectNotFound } from '../queries/access';

export interface ListVersions {
  /**
   * Names the state of everything `userId`'s project list shows: the versions of their projects. Versions are
   * never reused, so the set of them changes with any change to the list (a project joined, left, renamed, active,
   * or a member shown in it renamed), whatever order concurrent changes commit in.
   */
  projectList(userId: string): Promise<string>;
  /**
   * The caller's role and the project's version, which names the state of its member list, in one read.
   * @throws projects/not-found when the caller is not a member, exactly as for a project that does not exist
   */
  memberList(projectId: string, userId: string): Promise<{ role: ProjectRole; version: number }>;
}

/**
 * These reads run before every list answer, cached or not, so they are prepared once: the database then skips
 * parsing and planning them, which otherwise costs as much as running them.
 */
export function createListVersions(db: Db): ListVersions {
  const projectList = db
    .select({
      digest: sql<string>`coalesce(md5(string_agg(${projects.version}::text, ',' order by ${projects.version})), '')`,
    })
    .from(projectMembers)
    .innerJoin(projects, eq(projects.id, projectMembers.projectId))
    .where(eq(projectMembers.userId, sql.placeholder('userId')))
    .prepare('project_list_version');
  const memberList = db
    .select({ role: projectMembers.role, version: projects.version })
    .from(projectMembers)
    .innerJoin(projects, eq(projects.id, projectMembers.projectId))
    .where(
      and(
        eq(projectMembers.projectId, sql.placeholder('projectId')),
        eq(projectMembers.userId, sql.placeholder('userId')),
      ),
    )
    .prepare('member_list_version');
  return {
    async projectList(userId) {
      const [row] = await projectList.execute({ userId });
      return row?.digest ?? '';
    },
    async memberList(projectId, userId) {
      const [row] = await memberList.execute({ projectId, userId });
      if (!row) throw projectNotFound();
      return row;
    },
  };
}
