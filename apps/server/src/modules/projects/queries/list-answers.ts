import type { Db } from '../../../db/client';
import type { AnswerCache, CachedAnswer } from '../../../platform/answer-cache';
import { createListVersions } from '../service/list-versions';
import { buildMemberList } from '../service/members';
import { selectProjects } from '../service/project-dto';

export interface ListAnswers {
  /** The caller's projects with their role, most recently active first; never anyone else's. */
  projects(userId: string): Promise<CachedAnswer>;
  /**
   * The project's members as the caller sees them: what they may do to each, and for admins pending invitations.
   * @throws projects/not-found
   */
  members(userId: string, projectId: string): Promise<CachedAnswer>;
}

/**
 * The long lists, built again only when their version moved: a refetch that finds nothing changed costs one small
 * read. Member lists are kept per caller (abilities differ), and only until the first invitation shown expires.
 */
export function createListAnswers({ db, answers }: { db: Db; answers: AnswerCache }): ListAnswers {
  const versions = createListVersions(db);
  return {
    async projects(userId) {
      const version = await versions.projectList(userId);
      return answers.get(`projects:${userId}`, version, async () => ({ value: await selectProjects(db, userId) }));
    },
    async members(userId, projectId) {
      const { role, version } = await versions.memberList(projectId, userId);
      return answers.get(`members:${projectId}:${userId}`, `${version}:${role}`, async () => {
        const list = await buildMemberList(db, { userId, role }, projectId);
        const expiries = list.invitations.map((invitation) => Date.parse(invitation.expires_at));
        return { value: list, staleAt: expiries.length > 0 ? Math.min(...expiries) : undefined };
      });
    },
  };
}
