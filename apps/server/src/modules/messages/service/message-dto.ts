import type { StoredFile } from '@deckhand/contract/files';
import { type Message, Reaction } from '@deckhand/contract/messages';
import type { ProjectRole } from '@deckhand/contract/projects';
import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { isoTimestamp } from '../../../db/iso-timestamp';
import { messageReactions, messages } from '../../../db/schema/messages';
import { profiles } from '../../../db/schema/profiles';
import { canDeleteMessage, canEditMessage } from '../policy';

/** Shown for an author whose account is gone. */
const formerMemberColor = '#9ca3af';

/** Reactions per emoji, in the order they were first given, with who gave them. */
const reactionsJson = sql<unknown>`coalesce((
  select json_agg(json_build_object('emoji', r.emoji, 'count', r.n, 'user_ids', r.user_ids) order by r.first_at)
  from (
    select ${messageReactions.emoji} as emoji, count(*)::int as n,
      array_agg(${messageReactions.userId} order by ${messageReactions.createdAt}) as user_ids,
      min(${messageReactions.createdAt}) as first_at
    from ${messageReactions} where ${messageReactions.messageId} = ${messages.id}
    group by ${messageReactions.emoji}
  ) r
), '[]'::json)`;

/** The columns a message answer is made of; select them `from(messages)` with `leftJoin(profiles, authorJoin)`. */
export const messageColumns = {
  id: messages.id,
  chatId: messages.chatId,
  cardId: messages.cardId,
  projectId: messages.projectId,
  authorId: messages.authorId,
  authorName: sql<string>`coalesce(${profiles.name}, ${messages.authorName})`,
  authorAvatarUrl: sql<string>`coalesce(${profiles.avatarUrl}, '')`,
  authorColor: sql<string>`coalesce(${profiles.color}, ${formerMemberColor})`,
  text: messages.text,
  mentions: messages.mentions,
  reactions: reactionsJson,
  createdAt: isoTimestamp(messages.createdAt),
  editedAt: sql<string | null>`${isoTimestamp(messages.editedAt)}`,
};

export const authorJoin: SQL = sql`${profiles.userId} = ${messages.authorId}`;

export interface MessageRow {
  id: string;
  chatId: string;
  cardId: string;
  projectId: string;
  authorId: string | null;
  authorName: string;
  authorAvatarUrl: string;
  authorColor: string;
  text: string;
  mentions: string[];
  reactions: unknown;
  createdAt: string;
  editedAt: string | null;
}

export function toMessageDto(
  row: MessageRow,
  caller: { userId: string; role: ProjectRole },
  files: StoredFile[],
): Message {
  const isAuthor = row.authorId === caller.userId;
  return {
    id: row.id,
    chat_id: row.chatId,
    card_id: row.cardId,
    project_id: row.projectId,
    author: { user_id: row.authorId, name: row.authorName, avatar_url: row.authorAvatarUrl, color: row.authorColor },
    text: row.text,
    mentions: row.mentions,
    reactions: z.array(Reaction).parse(row.reactions),
    files,
    created_at: row.createdAt,
    edited_at: row.editedAt,
    abilities: { edit: canEditMessage(caller.role, isAuthor), delete: canDeleteMessage(caller.role, isAuthor) },
  };
}
