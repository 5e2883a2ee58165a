import type { Chat } from '@deckhand/contract/chats';
import type { ProjectRole } from '@deckhand/contract/projects';
import { type SQL, sql } from 'drizzle-orm';
import { isoTimestamp } from '../../../db/iso-timestamp';
import { chats } from '../../../db/schema/cards';
import { chatReads, messages } from '../../../db/schema/messages';
import { profiles } from '../../../db/schema/profiles';
import { chatAbilitiesFor } from '../policy';

/** Before every UUIDv7: "read up to here" for someone who has read nothing. */
const beforeEveryMessage = '00000000-0000-0000-0000-000000000000';

/** The columns a chat answer is made of, for `caller`; select them `from(chats)` with `leftJoin(profiles, creatorJoin)`. */
export function chatColumns(callerId: string) {
  const lastRead = sql`coalesce((select ${chatReads.lastReadMessageId} from ${chatReads} where ${chatReads.chatId} = ${chats.id} and ${chatReads.userId} = ${callerId}), ${beforeEveryMessage}::uuid)`;
  return {
    id: chats.id,
    cardId: chats.cardId,
    projectId: chats.projectId,
    name: chats.name,
    createdBy: chats.createdBy,
    createdByName: sql<string>`coalesce(${profiles.name}, ${chats.createdByName})`,
    messageCount: sql<number>`(select count(*) from ${messages} where ${messages.chatId} = ${chats.id})::int`,
    // Own messages are never unread.
    unreadCount: sql<number>`(select count(*) from ${messages} where ${messages.chatId} = ${chats.id} and ${messages.id} > ${lastRead} and ${messages.authorId} is distinct from ${callerId})::int`,
    lastMessageAt: sql<string | null>`${isoTimestamp(chats.lastMessageAt)}`,
    createdAt: isoTimestamp(chats.createdAt),
  };
}

export const creatorJoin: SQL = sql`${profiles.userId} = ${chats.createdBy}`;

export interface ChatRow {
  id: string;
  cardId: string;
  projectId: string;
  name: string;
  createdBy: string | null;
  createdByName: string;
  messageCount: number;
  unreadCount: number;
  lastMessageAt: string | null;
  createdAt: string;
}

export function toChatDto(row: ChatRow, caller: { userId: string; role: ProjectRole }): Chat {
  return {
    id: row.id,
    card_id: row.cardId,
    project_id: row.projectId,
    name: row.name,
    created_by: { user_id: row.createdBy, name: row.createdByName },
    message_count: row.messageCount,
    unread_count: row.unreadCount,
    last_message_at: row.lastMessageAt,
    created_at: row.createdAt,
    abilities: chatAbilitiesFor(caller.role, row.createdBy === caller.userId),
  };
}
