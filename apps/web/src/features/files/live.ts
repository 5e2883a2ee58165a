import type { LiveEvent } from '@deckhand/contract/live';
import type { QueryClient } from '@tanstack/react-query';
import { fileKeys } from './api';

/** Turns file events into cache invalidations (registered by app/live-provider.tsx). */
export function handleFileEvent(queryClient: QueryClient, event: LiveEvent): void {
  switch (event.type) {
    case 'file_created':
      if (event.card_id) void queryClient.invalidateQueries({ queryKey: fileKeys.card(event.card_id) });
      return;
    case 'file_deleted':
      queryClient.removeQueries({ queryKey: fileKeys.one(event.file_id) });
      if (event.card_id) void queryClient.invalidateQueries({ queryKey: fileKeys.card(event.card_id) });
      return;
    case 'message_created':
    case 'message_deleted':
      // A message takes its files to its card, and takes them away with it.
      void queryClient.invalidateQueries({ queryKey: fileKeys.card(event.card_id) });
      return;
    case 'card_deleted':
      queryClient.removeQueries({ queryKey: fileKeys.card(event.card_id) });
      return;
    default:
      return;
  }
}
