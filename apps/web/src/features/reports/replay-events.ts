import { z } from 'zod';

/** The shape every rrweb event has; the player reads the rest of each event by its type. */
export const RecordedEvent = z.looseObject({ type: z.number(), timestamp: z.number() });
export type RecordedEvent = z.infer<typeof RecordedEvent>;

/** Anything below this is a time in seconds: milliseconds since 1970 passed it in 2001. */
const smallestMillisecondTimestamp = 1e12;

/**
 * A Sentry recording ready for rrweb-player. The SDK's own events in it (breadcrumbs, spans: rrweb custom events)
 * carry their time in seconds where rrweb counts milliseconds, and arrive after the snapshots they happened among;
 * left as they are, the player's timeline would span half a century.
 */
export function playableEvents(events: RecordedEvent[]): RecordedEvent[] {
  return events
    .map((event) =>
      event.timestamp < smallestMillisecondTimestamp
        ? { ...event, timestamp: Math.round(event.timestamp * 1000) }
        : event,
    )
    .sort((a, b) => a.timestamp - b.timestamp);
}
