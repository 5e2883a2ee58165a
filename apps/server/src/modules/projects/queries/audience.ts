import type { AppDeps } from '../../../app-deps';
import { listManagerIds, listMemberIds } from './access';

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

function memberIdCache(deps: AppDeps): Map<string, MemberIds> {
  let cache = memberIdCaches.get(deps.live);
  if (!cache) {
    cache = new Map();
    memberIdCaches.set(deps.live, cache);
  }
  return cache;
}

/**
 * Forgets the project's member ids: a change of membership, here or on another instance (subscribers.ts hears of
 * it on every instance, this one first), so that the next event is sent to the members as they are now.
 */
export function forgetMemberIds(deps: AppDeps, projectId: string): void {
  memberIdCache(deps).delete(projectId);
}

/** Who hears about a project's changes, read at most every few seconds: a busy board publishes an event per move. */
async function memberIdsOf(deps: AppDeps, projectId: string): Promise<string[]> {
  const cache = memberIdCache(deps);
  const cached = cache.get(projectId);
  if (cached && Date.now() - cached.readAt < memberIdsTtlMs) return cached.ids;
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
  const ids = await memberIdsOf(deps, projectId);
  deps.live.publish([...new Set([...ids, ...also])], event);
}
