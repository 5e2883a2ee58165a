import type { LiveEvent } from '@deckhand/contract/live';
import type { QueryClient } from '@tanstack/react-query';
import { notificationKeys } from './api';

/**
 * Spec §7: `notification_update` refetches the unread count, and the list when it is open (registered by
 * app/live-provider.tsx). The message carries no ids: the server stays the source of truth.
 */
export function handleNotificationEvent(queryClient: QueryClient, event: LiveEvent): void {
  if (event.type !== 'notification_update') return;
  void queryClient.invalidateQueries({ queryKey: notificationKeys.all });
}
