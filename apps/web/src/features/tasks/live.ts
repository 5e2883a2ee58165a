import type { LiveEvent } from '@deckhand/contract/live';
import type { QueryClient } from '@tanstack/react-query';
import { type ClientBoard, taskKeys } from './api';

/**
 * Turns task and status events into cache invalidations (registered by app/live-provider.tsx). A card's
 * archiving or deletion changes what the board holds, so card events refresh it too.
 */
export function handleTaskEvent(queryClient: QueryClient, event: LiveEvent): void {
  switch (event.type) {
    case 'task_created':
    case 'task_updated':
    case 'task_moved':
    case 'task_deleted':
      void queryClient.invalidateQueries({ queryKey: taskKeys.board(event.project_id) });
      void queryClient.invalidateQueries({ queryKey: taskKeys.card(event.card_id) });
      void queryClient.invalidateQueries({ queryKey: taskKeys.myWork() });
      return;
    case 'status_created':
    case 'status_updated':
    case 'status_deleted':
      void queryClient.invalidateQueries({ queryKey: taskKeys.board(event.project_id) });
      // Statuses name the columns and decide what is done: every task list of the project may change.
      void queryClient.invalidateQueries({ queryKey: [...taskKeys.all, 'card'] });
      void queryClient.invalidateQueries({ queryKey: taskKeys.myWork() });
      return;
    case 'card_updated':
    case 'card_deleted': {
      // A card's rename, archiving or deletion shows on the board only through its tasks; a card without any
      // (or one whose body is being typed into) is no reason to read 5,000 tasks again.
      const board = queryClient.getQueryData<ClientBoard>(taskKeys.board(event.project_id));
      if (board?.tasks.some((task) => task.cardId === event.card_id)) {
        void queryClient.invalidateQueries({ queryKey: taskKeys.board(event.project_id) });
      }
      void queryClient.invalidateQueries({ queryKey: taskKeys.myWork() });
      return;
    }
    default:
      return;
  }
}
