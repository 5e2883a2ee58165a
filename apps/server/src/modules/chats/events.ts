import type { EventBase } from '../../platform/domain-events';

/** A chat as the events of its changes carry it. */
export interface ChatRef {
  id: string;
  cardId: string;
  projectId: string;
  name: string;
}

/** The domain events of chats (their messages are the messages area's). */
export interface ChatEvents {
  /** `withCard`: a new card's first chat (General), opened by the card's own command. */
  'chat.created': EventBase & { chat: ChatRef; withCard: boolean };
  'chat.renamed': EventBase & { chat: ChatRef; previousName: string };
  /** Its messages (and their files' rows) went with it; `storageKeys` are those files' stored objects. */
  'chat.deleted': EventBase & { chat: ChatRef; storageKeys: string[] };
}
