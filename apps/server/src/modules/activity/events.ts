import type { Activity } from '@deckhand/contract/activity';
import type { EventBase } from '../../platform/domain-events';

/** The domain events of the activity history: what it recorded, for what follows the history (webhooks). */
export interface ActivityEvents {
  /** A batch of entries was written, in their order, as the API shows them. */
  'activity.recorded': EventBase & { entries: Activity[] };
}

/**
 * How long an entry waits to be written with the others of the moment: `activity.recorded` comes at most this long
 * (and the write's time) after the event it records. Each batch costs three statements besides its rows' (the
 * names, and the webhooks that follow it): at 20 ms a busy board wrote 37 batches a second of about 25 entries; at
 * 100 ms, 10 reading while 20 move made 15–25 % more moves a second on both databases (four alternating runs,
 * 2026-11-29).
 */
export const activityBatchDelayMs = 100;
