import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { chatFollowers } from '../../../db/schema/messages';

/** Everyone following the chat. */
export async function listChatFollowers(db: Db, chatId: string): Promise<string[]> {
  const rows = await db
    .select({ userId: chatFollowers.userId })
    .from(chatFollowers)
    .where(eq(chatFollowers.chatId, chatId));
  return rows.map((row) => row.userId);
}
