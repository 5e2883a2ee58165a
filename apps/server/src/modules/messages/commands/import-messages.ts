import { insertBulk } from '../../../db/bulk-insert';
import type { Db } from '../../../db/client';

export interface ImportedMessage {
  id: string;
  chatId: string;
  cardId: string;
  projectId: string;
  authorId: string | null;
  authorName: string;
  text: string;
  mentions: string[];
  createdAt: Date;
  editedAt: Date | null;
  reactions: { emoji: string; userIds: string[] }[];
}

/**
 * Writes imported messages with their reactions, in one batch (modules/transfer); no events or notifications:
 * this is history arriving, not people talking. Their authors and the people they mention follow the chats, as
 * they would have by writing them.
 */
export async function importMessages(db: Db, rows: ImportedMessage[]): Promise<void> {
  if (rows.length === 0) return;
  await insertBulk(db, 'messages', [
    { name: 'id', type: 'uuid', values: rows.map((row) => row.id) },
    { name: 'chat_id', type: 'uuid', values: rows.map((row) => row.chatId) },
    { name: 'card_id', type: 'uuid', values: rows.map((row) => row.cardId) },
    { name: 'project_id', type: 'uuid', values: rows.map((row) => row.projectId) },
    { name: 'author_id', type: 'uuid', values: rows.map((row) => row.authorId) },
    { name: 'author_name', type: 'text', values: rows.map((row) => row.authorName) },
    { name: 'text', type: 'text', values: rows.map((row) => row.text) },
    { name: 'mentions', type: 'uuid[]', values: rows.map((row) => row.mentions) },
    { name: 'created_at', type: 'timestamptz', values: rows.map((row) => row.createdAt) },
    { name: 'edited_at', type: 'timestamptz', values: rows.map((row) => row.editedAt) },
  ]);
  // A millisecond apart in the order given, so they read back in it; a person reacts once per emoji.
  const reactions = new Map<string, { messageId: string; emoji: string; userId: string; createdAt: Date }>();
  for (const row of rows) {
    let at = row.createdAt.getTime();
    for (const reaction of row.reactions) {
      for (const userId of reaction.userIds) {
        at += 1;
        const key = `${row.id} ${reaction.emoji} ${userId}`;
        if (!reactions.has(key))
          reactions.set(key, { messageId: row.id, emoji: reaction.emoji, userId, createdAt: new Date(at) });
      }
    }
  }
  const list = [...reactions.values()];
  await insertBulk(db, 'message_reactions', [
    { name: 'message_id', type: 'uuid', values: list.map((reaction) => reaction.messageId) },
    { name: 'emoji', type: 'text', values: list.map((reaction) => reaction.emoji) },
    { name: 'user_id', type: 'uuid', values: list.map((reaction) => reaction.userId) },
    { name: 'created_at', type: 'timestamptz', values: list.map((reaction) => reaction.createdAt) },
  ]);
  const followers = new Map<string, { chatId: string; userId: string }>();
  for (const row of rows) {
    for (const userId of [row.authorId, ...row.mentions]) {
      if (userId) followers.set(`${row.chatId}:${userId}`, { chatId: row.chatId, userId });
    }
  }
  const following = [...followers.values()];
  await insertBulk(
    db,
    'chat_followers',
    [
      { name: 'chat_id', type: 'uuid', values: following.map((follower) => follower.chatId) },
      { name: 'user_id', type: 'uuid', values: following.map((follower) => follower.userId) },
    ],
    // A chat's followers may have come with an earlier batch of its messages.
    { onConflictDoNothing: true },
  );
}
