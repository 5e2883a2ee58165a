import type { Message } from '@deckhand/contract/messages';
import type { AppDeps, CommandDeps } from '../../../app-deps';
import type { Actor } from '../../../platform/actor';
import { canPostMessage } from '../policy';
import { messageForbidden, readMessage, requireMessageAccess } from '../queries/messages';
import { writeReaction } from '../service/reactions';

/**
 * Adds (`on`) or takes back the actor's reaction; a person reacts once per emoji, so adding twice is adding once.
 * Records `message.reacted`.
 * @throws messages/not-found · messages/forbidden (viewers)
 */
export async function setReaction(
  deps: CommandDeps & Pick<AppDeps, 'fileLinks'>,
  actor: Actor,
  input: { messageId: string; emoji: string; on: boolean },
): Promise<Message> {
  const { messageId, emoji, on } = input;
  const { userId } = actor;
  return deps.events.transaction(async ({ tx, emit }) => {
    const access = await requireMessageAccess(tx, messageId, userId);
    if (!canPostMessage(access.role)) throw messageForbidden('Viewers cannot react');
    await writeReaction(tx, { messageId, userId, emoji }, on);
    const message = await readMessage(tx, deps.fileLinks, messageId, { userId, role: access.role });
    emit({ type: 'message.reacted', actor, message });
    return message;
  });
}
