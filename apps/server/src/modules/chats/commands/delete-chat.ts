import { count, eq } from 'drizzle-orm';
import type { CommandDeps } from '../../../app-deps';
import { cards, chats } from '../../../db/schema/cards';
import type { Actor } from '../../../platform/actor';
import { AppError } from '../../../platform/errors';
import { storedKeysOf } from '../../files/queries/stored-keys';
import { canManageChat } from '../policy';
import { chatForbidden, requireChatAccess } from '../queries/chat-access';

/**
 * Deletes a chat with its messages and their files' rows; records `chat.deleted` with those files' stored objects.
 * A card keeps at least one chat: the card row is locked while its chats are counted, so two people deleting its
 * last two chats at once cannot both succeed (the lock also holds off files being attached meanwhile).
 * @throws chats/not-found · chats/forbidden · chats/last-chat
 */
export async function deleteChat(deps: CommandDeps, actor: Actor, input: { chatId: string }): Promise<void> {
  const { chatId } = input;
  const { role, createdBy, cardId } = await requireChatAccess(deps.db, chatId, actor.userId);
  if (!canManageChat(role, createdBy === actor.userId)) {
    throw chatForbidden('Only whoever opened the chat, an admin or the owner can delete it');
  }
  await deps.events.transaction(async ({ tx, emit }) => {
    await tx.select({ id: cards.id }).from(cards).where(eq(cards.id, cardId)).for('update');
    const [{ total } = { total: 0 }] = await tx.select({ total: count() }).from(chats).where(eq(chats.cardId, cardId));
    if (total <= 1) throw new AppError('chats/last-chat', 'A card keeps at least one chat');
    const storageKeys = await storedKeysOf(tx, { chatId });
    const [chat] = await tx
      .delete(chats)
      .where(eq(chats.id, chatId))
      .returning({ id: chats.id, cardId: chats.cardId, projectId: chats.projectId, name: chats.name });
    // Deleted meanwhile by someone else, whose deletion recorded it.
    if (chat) emit({ type: 'chat.deleted', actor, chat, storageKeys });
  });
}
