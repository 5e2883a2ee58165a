import type { LiveEvent } from '@deckhand/contract/live';
import type { QueryClient } from '@tanstack/react-query';
import { chatKeys } from './api';

/** Turns chat and message events into cache invalidations (registered by app/live-provider.tsx). */
export function handleChatEvent(queryClient: QueryClient, event: LiveEvent): void {
  switch (event.type) {
    case 'chat_created':
    case 'chat_updated':
      void queryClient.invalidateQueries({ queryKey: chatKeys.list(event.card_id) });
      return;
    case 'chat_deleted':
      queryClient.removeQueries({ queryKey: chatKeys.messages(event.chat_id) });
      void queryClient.invalidateQueries({ queryKey: chatKeys.list(event.card_id) });
      return;
    case 'message_created':
    case 'message_deleted':
      // The chat's counts (messages, unread) change with its messages.
      void queryClient.invalidateQueries({ queryKey: chatKeys.list(event.card_id) });
      void queryClient.invalidateQueries({ queryKey: chatKeys.messages(event.chat_id) });
      return;
    case 'message_updated':
    case 'reaction_updated':
      void queryClient.invalidateQueries({ queryKey: chatKeys.messages(event.chat_id) });
      return;
    case 'card_deleted':
      queryClient.removeQueries({ queryKey: chatKeys.list(event.card_id) });
      return;
    default:
      return;
  }
}
