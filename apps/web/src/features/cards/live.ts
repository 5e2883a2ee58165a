import type { LiveEvent } from '@deckhand/contract/live';
import type { QueryClient } from '@tanstack/react-query';
import { cardKeys } from './api';

/**
 * Turns the cards area's live events into cache invalidations (registered by app/live-provider.tsx). A chat's
 * events change its card's chat count, and a message's its card's place in the list, so those refresh too.
 */
export function handleCardEvent(queryClient: QueryClient, event: LiveEvent): void {
  switch (event.type) {
    case 'card_created':
      void queryClient.invalidateQueries({ queryKey: cardKeys.lists(event.project_id) });
      return;
    case 'card_updated':
    case 'chat_created':
    case 'chat_deleted':
      void queryClient.invalidateQueries({ queryKey: cardKeys.lists(event.project_id) });
      void queryClient.invalidateQueries({ queryKey: cardKeys.detail(event.card_id) });
      return;
    case 'card_deleted':
      void queryClient.invalidateQueries({ queryKey: cardKeys.lists(event.project_id) });
      // Not refetched: the page showing it leaves (it would answer 404).
      void queryClient.invalidateQueries({ queryKey: cardKeys.detail(event.card_id), refetchType: 'none' });
      return;
    default:
      return;
  }
}
