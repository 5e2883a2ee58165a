import type { AppDeps } from '../../platform/app-deps';
import { listManagerIds, listMemberIds } from './service/access';

type LiveEvent = Parameters<AppDeps['live']['publish']>[1];

/** Tells the project's admins that its pending invitations changed. */
export async function publishInvitationChange(deps: AppDeps, projectId: string): Promise<void> {
  deps.live.publish(await listManagerIds(deps.db, projectId), { type: 'invitation_updated', project_id: projectId });
}

/** Tells every member of the project, and `also` (someone who just left, say), about a change. */
export async function publishToMembers(
  deps: AppDeps,
  projectId: string,
  event: LiveEvent,
  also: string[] = [],
): Promise<void> {
  deps.live.publish([...new Set([...(await listMemberIds(deps.db, projectId)), ...also])], event);
}
