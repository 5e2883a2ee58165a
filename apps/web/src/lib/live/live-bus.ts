import type { LiveEvent } from '@deckhand/contract/live';

export type LiveListener = (event: LiveEvent) => void;

/** Fans live events out to the components that react to them beyond cache invalidation (e.g. leaving a page). */
export interface LiveBus {
  subscribe(listener: LiveListener): () => void;
  emit(event: LiveEvent): void;
}

export function createLiveBus(): LiveBus {
  const listeners = new Set<LiveListener>();
  return {
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    emit(event) {
      for (const listener of [...listeners]) listener(event);
    },
  };
}
