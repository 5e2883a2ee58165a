import type { Chat, UpdateChatInput } from '@deckhand/contract/chats';
import { eq } from 'drizzle-orm';
import type { CommandDeps } from '../../../app-deps';
import { chats } from '../../../db/schema/cards';
import type { Actor } from '../../../platform/actor';
import { canManageChat } from '../policy';
import { chatForbidden, chatNotFound, requireChatAccess } from '../queries/chat-access';
import { readChat } from '../queries/chats';

/** Renames a chat; records `chat.renamed` with the name it had. @throws chats/not-found · chats/forbidden */
export async function renameChat(
  deps: CommandDeps,
  actor: Actor,
  input: UpdateChatInput & { chatId: string },
): Promise<Chat> {
  const { db } = deps;
  const { chatId } = input;
  const { role, createdBy } = await requireChatAccess(db, chatId, actor.userId);
  if (!canManageChat(role, createdBy === actor.userId)) {
    throw chatForbidden('Only whoever opened the chat, an admin or the owner can rename it');
  }
  return deps.events.transaction(async ({ tx, emit }) => {
    // Locked, so that the name recorded as the previous one is the one this rename replaced.
    const [before] = await tx.select({ name: chats.name }).from(chats).where(eq(chats.id, chatId)).for('update');
    if (!before) throw chatNotFound();
    const [chat] = await tx
      .update(chats)
      .set({ name: input.name })
      .where(eq(chats.id, chatId))
      .returning({ id: chats.id, cardId: chats.cardId, projectId: chats.projectId, name: chats.name });
    if (!chat) throw chatNotFound();
    emit({ type: 'chat.renamed', actor, chat, previousName: before.name });
    return readChat(tx, actor.userId, chatId, role);
  });
}
