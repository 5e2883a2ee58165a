import type { Chat } from '@deckhand/contract/chats';
import type { ProjectRole } from '@deckhand/contract/projects';
import { asc, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { chats } from '../../../db/schema/cards';
import { chatReads, messages } from '../../../db/schema/messages';
import { profiles } from '../../../db/schema/profiles';
import { requireCardAccess } from '../../cards/queries/card-access';
import { chatNotFound, requireChatAccess } from '../queries/chat-access';
import { chatColumns, creatorJoin, toChatDto } from './chat-dto';

/** One chat as the caller sees it, without an access check: the caller has made one. @throws chats/not-found */
export async function readChat(db: Db, userId: string, chatId: string, role: ProjectRole): Promise<Chat> {
  const [row] = await db
    .select(chatColumns(userId))
    .from(chats)
    .leftJoin(profiles, creatorJoin)
    .where(eq(chats.id, chatId));
  if (!row) throw chatNotFound();
  return toChatDto(row, { userId, role });
}

/** The card's chats, oldest first (General leads). @throws cards/not-found */
export async function listChats(db: Db, userId: string, cardId: string): Promise<Chat[]> {
  const { role } = await requireCardAccess(db, cardId, userId);
  const rows = await db
    .select(chatColumns(userId))
    .from(chats)
    .leftJoin(profiles, creatorJoin)
    .where(eq(chats.cardId, cardId))
    .orderBy(asc(chats.createdAt), asc(chats.id));
  return rows.map((row) => toChatDto(row, { userId, role }));
}

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
