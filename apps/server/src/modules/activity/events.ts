import type { Activity } from '@deckhand/contract/activity';
import type { EventBase } from '../../platform/domain-events';

/** The domain events of the activity history: what it recorded, for what follows the history (webhooks). */
export interface ActivityEvents {
  /** A batch of entries was written, in their order, as the API shows them. */
  'activity.recorded': EventBase & { entries: Activity[] };
}
