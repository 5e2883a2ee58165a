import { createContext, useContext, useSyncExternalStore } from 'react';
import type { DropPlace } from './drop-place';

/** A task being dragged by touch: where the finger is, where on the tile it took hold, and what it is over. */
export interface TouchDrag {
  taskId: string;
  x: number;
  y: number;
  grabX: number;
  grabY: number;
  width: number;
  place: DropPlace | null;
}

/**
 * The touch drag under way, outside React state: the finger moves at the screen's frame rate, and only the preview
 * and the tiles and columns whose look changes should render again.
 */
export interface TouchDragStore {
  get(): TouchDrag | null;
  set(drag: TouchDrag | null): void;
  subscribe(listener: () => void): () => void;
}

export function createTouchDragStore(): TouchDragStore {
  let current: TouchDrag | null = null;
  const listeners = new Set<() => void>();
  return {
    get: () => current,
    set(drag) {
      current = drag;
      for (const listener of listeners) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export const TouchDragContext = createContext<TouchDragStore | null>(null);

const noDrag = () => null;
const noSubscription = () => () => {};

/** A slice of the touch drag under way; `select` should return a primitive, so unrelated moves render nothing. */
export function useTouchDrag<T>(select: (drag: TouchDrag | null) => T): T {
  const store = useContext(TouchDragContext);
  return useSyncExternalStore(store?.subscribe ?? noSubscription, () => select((store?.get ?? noDrag)()));
}
