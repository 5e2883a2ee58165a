import type { Message, UpdateMessageInput } from '@deckhand/contract/messages';
import { eq } from 'drizzle-orm';
import type { AppDeps, CommandDeps } from '../../../app-deps';
import { messages } from '../../../db/schema/messages';
import type { Actor } from '../../../platform/actor';
import { canEditMessage } from '../policy';
import { messageForbidden, readMessage, requireMessageAccess } from '../queries/messages';

/** Changes a message's text (marked edited); records `message.edited`. @throws messages/not-found · messages/forbidden (not its author) */
export async function editMessage(
  deps: CommandDeps & Pick<AppDeps, 'fileLinks'>,
  actor: Actor,
  input: UpdateMessageInput & { messageId: string },
): Promise<Message> {
  const { messageId } = input;
  const { userId } = actor;
  return deps.events.transaction(async ({ tx, emit }) => {
    const access = await requireMessageAccess(tx, messageId, userId);
    if (!canEditMessage(access.role, access.authorId === userId)) {
      throw messageForbidden('Only its author can edit a message');
    }
    await tx.update(messages).set({ text: input.text, editedAt: new Date() }).where(eq(messages.id, messageId));
    const message = await readMessage(tx, deps.fileLinks, messageId, { userId, role: access.role });
    emit({ type: 'message.edited', actor, message });
    return message;
  });
}
