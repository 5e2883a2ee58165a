import type { Chat, CreateChatInput, UpdateChatInput } from '@deckhand/contract/chats';
import type { ProjectRole } from '@deckhand/contract/projects';
import { asc, count, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { cards, chats } from '../../../db/schema/cards';
import { chatFollowers, chatReads, messages } from '../../../db/schema/messages';
import { profiles } from '../../../db/schema/profiles';
import { AppError } from '../../../platform/errors';
import { requireCardAccess } from '../../cards/service/access';
import { profileNames } from '../../profile/service';
import { canCreateChat, canManageChat } from '../policy';
import { chatForbidden, chatNotFound, requireChatAccess } from './access';
import { chatColumns, creatorJoin, toChatDto } from './chat-dto';

/** People who will hear about new messages in the chat; following twice is following once. */
export async function followChat(db: Db, chatId: string, userIds: string[]): Promise<void> {
  if (userIds.length === 0) return;
  await db
    .insert(chatFollowers)
    .values([...new Set(userIds)].map((userId) => ({ chatId, userId })))
    .onConflictDoNothing();
}

/** The first chat of a new card, opened (and followed) by the card's author, inside the card's transaction. */
export async function createFirstChat(
  tx: Db,
  input: { cardId: string; projectId: string; name: string; userId: string; authorName: string },
): Promise<void> {
  const [chat] = await tx
    .insert(chats)
    .values({
      cardId: input.cardId,
      projectId: input.projectId,
      name: input.name,
      createdBy: input.userId,
      createdByName: input.authorName,
    })
    .returning({ id: chats.id });
  if (!chat) throw new Error('chat insert returned no row');
  await followChat(tx, chat.id, [input.userId]);
}

async function readChat(db: Db, userId: string, chatId: string, role: ProjectRole): Promise<Chat> {
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

/** A new chat on the card, followed by its creator. @throws cards/not-found · chats/forbidden */
export async function createChat(db: Db, userId: string, cardId: string, input: CreateChatInput): Promise<Chat> {
  const { role, projectId } = await requireCardAccess(db, cardId, userId);
  if (!canCreateChat(role)) throw chatForbidden('Viewers cannot open chats');
  const authorName = (await profileNames(db, [userId])).get(userId) ?? 'User';
  const chatId = await db.transaction(async (tx) => {
    const [chat] = await tx
      .insert(chats)
      .values({ cardId, projectId, name: input.name, createdBy: userId, createdByName: authorName })
      .returning({ id: chats.id });
    if (!chat) throw new Error('chat insert returned no row');
    await followChat(tx, chat.id, [userId]);
    return chat.id;
  });
  return readChat(db, userId, chatId, role);
}

/** @throws chats/not-found · chats/forbidden */
export async function renameChat(db: Db, userId: string, chatId: string, input: UpdateChatInput): Promise<Chat> {
  const { role, createdBy } = await requireChatAccess(db, chatId, userId);
  if (!canManageChat(role, createdBy === userId)) {
    throw chatForbidden('Only whoever opened the chat, an admin or the owner can rename it');
  }
  await db.update(chats).set({ name: input.name }).where(eq(chats.id, chatId));
  return readChat(db, userId, chatId, role);
}

/**
 * Deletes a chat with its messages. A card keeps at least one chat: the card row is locked while its chats are
 * counted, so two people deleting its last two chats at once cannot both succeed.
 * @returns the chat's card and project · @throws chats/not-found · chats/forbidden · chats/last-chat
 */
export async function deleteChat(
  db: Db,
  userId: string,
  chatId: string,
): Promise<{ cardId: string; projectId: string }> {
  const { role, createdBy, cardId, projectId } = await requireChatAccess(db, chatId, userId);
  if (!canManageChat(role, createdBy === userId)) {
    throw chatForbidden('Only whoever opened the chat, an admin or the owner can delete it');
  }
  await db.transaction(async (tx) => {
    await tx.select({ id: cards.id }).from(cards).where(eq(cards.id, cardId)).for('update');
    const [{ total } = { total: 0 }] = await tx.select({ total: count() }).from(chats).where(eq(chats.cardId, cardId));
    if (total <= 1) throw new AppError('chats/last-chat', 'A card keeps at least one chat');
    await tx.delete(chats).where(eq(chats.id, chatId));
  });
  return { cardId, projectId };
}

/** Records that the chat has a new message (`last_message_at`). */
export async function touchChat(db: Db, chatId: string): Promise<void> {
  await db.update(chats).set({ lastMessageAt: new Date() }).where(eq(chats.id, chatId));
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

/** Everyone following the chat. */
export async function listChatFollowers(db: Db, chatId: string): Promise<string[]> {
  const rows = await db
    .select({ userId: chatFollowers.userId })
    .from(chatFollowers)
    .where(eq(chatFollowers.chatId, chatId));
  return rows.map((row) => row.userId);
}
