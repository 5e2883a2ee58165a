import type { LiveEvent } from '@deckhand/contract/live';
import type { QueryClient } from '@tanstack/react-query';
import { activityKeys } from './api';

/** Turns new history entries into cache invalidations (registered by app/live-provider.tsx). */
export function handleActivityEvent(queryClient: QueryClient, event: LiveEvent): void {
  if (event.type !== 'activity_created') return;
  if (event.card_id) {
    void queryClient.invalidateQueries({ queryKey: activityKeys.card(event.project_id, event.card_id) });
  }
  if (event.task_id) {
    void queryClient.invalidateQueries({ queryKey: activityKeys.task(event.project_id, event.task_id) });
  }
}
