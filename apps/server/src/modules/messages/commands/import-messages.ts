import type { Db } from '../../../db/client';
import { chatFollowers, messageReactions, messages } from '../../../db/schema/messages';

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
  await db.insert(messages).values(rows.map(({ reactions: _reactions, ...message }) => message));
  // A millisecond apart in the order given, so they read back in it.
  const reactions = rows.flatMap((row) =>
    row.reactions
      .flatMap((reaction) => reaction.userIds.map((userId) => ({ messageId: row.id, emoji: reaction.emoji, userId })))
      .map((reaction, index) => ({ ...reaction, createdAt: new Date(row.createdAt.getTime() + index + 1) })),
  );
  if (reactions.length) await db.insert(messageReactions).values(reactions).onConflictDoNothing();
  const followers = new Map<string, { chatId: string; userId: string }>();
  for (const row of rows) {
    for (const userId of [row.authorId, ...row.mentions]) {
      if (userId) followers.set(`${row.chatId}:${userId}`, { chatId: row.chatId, userId });
    }
  }
  if (followers.size)
    await db
      .insert(chatFollowers)
      .values([...followers.values()])
      .onConflictDoNothing();
}
