import type { LiveEvent } from '@deckhand/contract/live';
import type { QueryClient } from '@tanstack/react-query';
import { projectKeys } from './api';

/** True when `event` means the signed-in person can no longer see its project. */
export function isProjectGone(event: LiveEvent, myUserId: string | null): boolean {
  if (event.type === 'project_deleted') return true;
  return event.type === 'member_removed' && event.user_id === myUserId;
}

/**
 * Turns the projects area's live events into cache invalidations (registered by app/live-provider.tsx); other
 * areas' events are theirs. Invalidate rather than patch from the payload: the server stays the source of truth.
 */
export function handleProjectEvent(queryClient: QueryClient, event: LiveEvent, myUserId: string | null): void {
  switch (event.type) {
    case 'project_updated':
    case 'project_deleted':
    case 'member_added':
    case 'member_removed':
    case 'member_updated': {
      void queryClient.invalidateQueries({ queryKey: projectKeys.list() });
      // A project I can no longer see answers 404: the page showing it leaves (useProjectDeparture) rather than
      // refetch into the not-found page. It stays marked stale, so coming back to it asks the server again.
      const gone = isProjectGone(event, myUserId);
      void queryClient.invalidateQueries({
        queryKey: projectKeys.detail(event.project_id),
        refetchType: gone ? 'none' : 'active',
      });
      return;
    }
    case 'invitation_updated':
      void queryClient.invalidateQueries({ queryKey: projectKeys.members(event.project_id) });
      return;
    default:
      return;
  }
}
