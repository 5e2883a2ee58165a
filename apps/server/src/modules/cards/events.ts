import type { EventBase } from '../../platform/domain-events';

/** A card as the events of its changes carry it: the ids, and its title at that moment. */
export interface CardRef {
  id: string;
  projectId: string;
  title: string;
}

/** The domain events of cards. */
export interface CardEvents {
  /** The chats area opens its first chat (General) within the same transaction; `authorName` as stored. */
  'card.created': EventBase & { card: CardRef; authorName: string };
  /** A rename and/or an archiving or restoring; `previous` as it was. */
  'card.updated': EventBase & { card: CardRef & { archived: boolean }; previous: CardRef & { archived: boolean } };
  /** Its chats, messages, tasks and files' rows went with it; `storageKeys` are their stored objects. */
  'card.deleted': EventBase & { card: CardRef; storageKeys: string[] };
  /** The body was changed by `actor` through the collaboration server (one event per editor per store). */
  'card.body_edited': EventBase & { card: CardRef };
  /** The collaboration server stored the body (once per store, whoever edited it; `actor` is null). */
  'card.body_stored': EventBase & { card: CardRef };
}
