import { createContext, useContext, useEffect, useRef } from 'react';
import type { LiveBus, LiveListener } from './live-bus';

/** Provided by app/live-provider.tsx while someone is signed in. */
export const LiveContext = createContext<LiveBus | null>(null);

/** Calls `listener` for every live event while the component is mounted (nothing outside a LiveProvider). */
export function useLiveEvent(listener: LiveListener): void {
  const bus = useContext(LiveContext);
  const latest = useRef(listener);
  useEffect(() => {
    latest.current = listener;
  });
  useEffect(() => bus?.subscribe((event) => latest.current(event)), [bus]);
}
