import type { AppDeps } from '../../app-deps';
import { listManagerIds, listMemberIds } from './service/access';

type LiveEvent = Parameters<AppDeps['live']['publish']>[1];

/** Tells the project's admins that its pending invitations changed. */
export async function publishInvitationChange(deps: AppDeps, projectId: string): Promise<void> {
  deps.live.publish(await listManagerIds(deps.db, projectId), { type: 'invitation_updated', project_id: projectId });
}

/** How long a project's member ids are reused for its live events before they are read again. */
const memberIdsTtlMs = 5_000;

interface MemberIds {
  ids: string[];
  readAt: number;
}

/** One cache per app (per live channel), dropped with it. */
const memberIdCaches = new WeakMap<AppDeps['live'], Map<string, MemberIds>>();

function changesMembers(event: LiveEvent): boolean {
  return (
    event.type === 'member_added' ||
    event.type === 'member_removed' ||
    event.type === 'member_updated' ||
    event.type === 'project_deleted'
  );
}

/**
 * Who hears about a project's changes, read at most every few seconds: a busy board publishes an event per move,
 * and the members rarely change. A change of membership, here or on another instance (its live event reaches
 * every instance), forgets the project's entry at once.
 */
function memberIdCache(deps: AppDeps): Map<string, MemberIds> {
  let cache = memberIdCaches.get(deps.live);
  if (!cache) {
    const created = new Map<string, MemberIds>();
    deps.live.onEvent((event) => {
      if (changesMembers(event) && 'project_id' in event) created.delete(event.project_id);
    });
    memberIdCaches.set(deps.live, created);
    cache = created;
  }
  return cache;
}

async function memberIdsOf(deps: AppDeps, projectId: string, fresh: boolean): Promise<string[]> {
  const cache = memberIdCache(deps);
  const cached = cache.get(projectId);
  if (!fresh && cached && Date.now() - cached.readAt < memberIdsTtlMs) return cached.ids;
  const ids = await listMemberIds(deps.db, projectId);
  cache.set(projectId, { ids, readAt: Date.now() });
  return ids;
}

/** Tells every member of the project, and `also` (someone who just left, say), about a change. */
export async function publishToMembers(
  deps: AppDeps,
  projectId: string,
  event: LiveEvent,
  also: string[] = [],
): Promise<void> {
  const ids = await memberIdsOf(deps, projectId, changesMembers(event));
  deps.live.publish([...new Set([...ids, ...also])], event);
}
