import type { LiveEvent } from '@deckhand/contract/live';
import type { QueryClient } from '@tanstack/react-query';
import { isTransferRunning, transferKeys } from './api';

/**
 * Refetches an export or import the person is watching when it moves on (registered by app/live-provider.tsx).
 * The event carries a progress, but the answer is what the page shows: the server stays the source of truth.
 */
export function handleTransferEvent(queryClient: QueryClient, event: LiveEvent): void {
  switch (event.type) {
    case 'export_updated':
      void queryClient.invalidateQueries({ queryKey: transferKeys.export(event.export_id) });
      // The list only says which export is the latest; it changes when one ends (its link and size).
      if (!isTransferRunning(event.status)) {
        void queryClient.invalidateQueries({ queryKey: transferKeys.projectExports(event.project_id) });
      }
      return;
    case 'import_updated':
      void queryClient.invalidateQueries({ queryKey: transferKeys.import(event.import_id) });
      return;
    default:
      return;
  }
}
