import type { Message } from '@deckhand/contract/messages';
import type { EventBase } from '../../platform/domain-events';

/** Where a message is, for the events that no longer have it whole. */
export interface MessageRef {
  id: string;
  chatId: string;
  cardId: string;
  projectId: string;
}

/** The domain events of chat messages; they are their own history, so the activity history leaves them out. */
export interface MessageEvents {
  /** `mentions` and followers are notified from it (see messages/notify.ts). */
  'message.posted': EventBase & { message: Message };
  'message.edited': EventBase & { message: Message };
  /** `storageKeys`: the stored objects of its files, whose rows went with it. */
  'message.deleted': EventBase & { message: MessageRef; storageKeys: string[] };
  'message.reacted': EventBase & { message: Message };
}
