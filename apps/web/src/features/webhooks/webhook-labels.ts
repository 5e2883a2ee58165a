import type { DeliveryStatus } from '@deckhand/contract/webhooks';

export const deliveryStatusLabels: Record<DeliveryStatus, string> = {
  pending: 'Pending',
  succeeded: 'Succeeded',
  failed: 'Failed',
};

/** How many event types the list names before counting the rest. */
const eventsNamedMax = 3;

/** A webhook's events for its list item: "All events", or the types, the first few named and the rest counted. */
export function describeWebhookEvents(events: readonly string[]): string {
  if (events.includes('*')) return 'All events';
  if (events.length <= eventsNamedMax) return events.join(', ');
  return `${events.slice(0, eventsNamedMax).join(', ')} and ${events.length - eventsNamedMax} more`;
}

/** A dash for what no attempt has measured yet (a delivery still waiting for its first). */
const none = '—';

export function describeStatusCode(code: number | null): string {
  return code === null ? none : String(code);
}

export function describeDuration(durationMs: number | null): string {
  return durationMs === null ? none : `${durationMs} ms`;
}

/**
 * A delivery's code, time and attempts on one line, for a screen too narrow for their columns: "Code 500 · 3 ms ·
 * 1 attempt", or "No attempt yet" before the first.
 */
export function describeDeliveryFigures(delivery: {
  attempts: number;
  lastStatusCode: number | null;
  durationMs: number | null;
}): string {
  if (delivery.attempts === 0) return 'No attempt yet';
  const code = delivery.lastStatusCode === null ? 'No answer' : `Code ${delivery.lastStatusCode}`;
  const duration = delivery.durationMs === null ? [] : [describeDuration(delivery.durationMs)];
  const attempts = `${delivery.attempts} ${delivery.attempts === 1 ? 'attempt' : 'attempts'}`;
  return [code, ...duration, attempts].join(' · ');
}

/** A body as sent or received: JSON indented for reading, anything else as it came. */
export function formatBody(body: string): string {
  try {
    return JSON.stringify(JSON.parse(body), null, 2);
  } catch {
    // Not JSON (an HTML error page, plain text, or the first 4 KB of a longer answer): shown as is.
    return body;
  }
}

/** Why a delivery shows no response body: not sent yet, no answer at all (see its error), or an empty answer. */
export function describeMissingResponse(delivery: { attempts: number; lastStatusCode: number | null }): string {
  if (delivery.attempts === 0) return 'Not sent yet.';
  if (delivery.lastStatusCode === null) return 'No answer came back.';
  return 'The answer had no body.';
}
