import { eq } from 'drizzle-orm';
import type { CommandDeps } from '../../../app-deps';
import { messages } from '../../../db/schema/messages';
import type { Actor } from '../../../platform/actor';
import { storedKeysOf } from '../../files/queries/stored-keys';
import { canDeleteMessage } from '../policy';
import { messageForbidden, requireMessageAccess } from '../queries/messages';

/**
 * Deletes a message (its files' rows go with it); records `message.deleted` with their stored objects, for the files
 * area to remove.
 * @throws messages/not-found · messages/forbidden (not its author, nor an admin or the owner)
 */
export async function deleteMessage(deps: CommandDeps, actor: Actor, input: { messageId: string }): Promise<void> {
  const { messageId } = input;
  await deps.events.transaction(async ({ tx, emit }) => {
    const access = await requireMessageAccess(tx, messageId, actor.userId);
    if (!canDeleteMessage(access.role, access.authorId === actor.userId)) {
      throw messageForbidden('Only its author, an admin or the owner can delete a message');
    }
    const storageKeys = await storedKeysOf(tx, { messageId });
    await tx.delete(messages).where(eq(messages.id, messageId));
    emit({
      type: 'message.deleted',
      actor,
      message: { id: messageId, chatId: access.chatId, cardId: access.cardId, projectId: access.projectId },
      storageKeys,
    });
  });
}
