import type { Chat } from '@deckhand/contract/chats';
import { desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { chatReads, messages } from '../../../db/schema/messages';
import { requireChatAccess } from '../queries/chat-access';
import { readChat } from '../queries/chats';

/** Marks everything in the chat as read by the caller. @throws chats/not-found */
export async function markChatRead(db: Db, userId: string, chatId: string): Promise<Chat> {
  const { role } = await requireChatAccess(db, chatId, userId);
  const [newest] = await db
    .select({ id: messages.id })
    .from(messages)
    .where(eq(messages.chatId, chatId))
    .orderBy(desc(messages.id))
    .limit(1);
  if (newest) {
    await db
      .insert(chatReads)
      .values({ chatId, userId, lastReadMessageId: newest.id })
      .onConflictDoUpdate({
        target: [chatReads.chatId, chatReads.userId],
        // Never backwards: a late request must not unread what a newer one marked.
        set: { lastReadMessageId: sql`greatest(${chatReads.lastReadMessageId}, excluded.last_read_message_id)` },
      });
  }
  return readChat(db, userId, chatId, role);
}
