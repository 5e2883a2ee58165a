import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { chats } from '../../../db/schema/cards';
import { chatFollowers } from '../../../db/schema/messages';

/** People who will hear about new messages in the chat; following twice is following once. */
export async function followChat(db: Db, chatId: string, userIds: string[]): Promise<void> {
  if (userIds.length === 0) return;
  await db
    .insert(chatFollowers)
    .values([...new Set(userIds)].map((userId) => ({ chatId, userId })))
    .onConflictDoNothing();
}

/** Records that the chat has a new message (`last_message_at`). */
export async function touchChat(db: Db, chatId: string): Promise<void> {
  await db.update(chats).set({ lastMessageAt: new Date() }).where(eq(chats.id, chatId));
}
