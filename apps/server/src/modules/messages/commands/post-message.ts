import type { CreateMessageInput, Message } from '@deckhand/contract/messages';
import type { AppDeps, CommandDeps } from '../../../app-deps';
import { messages } from '../../../db/schema/messages';
import type { Actor } from '../../../platform/actor';
import { followChat, touchChat } from '../../chats/commands/follow-chat';
import { requireChatAccess } from '../../chats/queries/chat-access';
import { attachFilesToMessage } from '../../files/commands/attach-files';
import { profileNames } from '../../profile/queries/profiles';
import { listMemberIds } from '../../projects/queries/access';
import { canPostMessage } from '../policy';
import { messageForbidden, readMessage } from '../queries/messages';

/**
 * Posts a message; records `message.posted`. Mentions of people who are not members are dropped; the author and
 * the mentioned follow the chat.
 * @throws chats/not-found · messages/forbidden (viewers) · request/invalid (files)
 */
export async function postMessage(
  deps: CommandDeps & Pick<AppDeps, 'fileLinks'>,
  actor: Actor,
  input: CreateMessageInput & { chatId: string },
): Promise<Message> {
  const { chatId } = input;
  const { userId } = actor;
  return deps.events.transaction(async ({ tx, emit }) => {
    const access = await requireChatAccess(tx, chatId, userId);
    if (!canPostMessage(access.role)) throw messageForbidden('Viewers cannot post messages');
    const members = new Set(await listMemberIds(tx, access.projectId));
    const mentions = [...new Set(input.mentions)].filter((id) => members.has(id));
    const authorName = (await profileNames(tx, [userId])).get(userId) ?? 'User';
    const [row] = await tx
      .insert(messages)
      .values({
        chatId,
        cardId: access.cardId,
        projectId: access.projectId,
        authorId: userId,
        authorName,
        text: input.text,
        mentions,
      })
      .returning({ id: messages.id });
    if (!row) throw new Error('message insert returned no row');
    await attachFilesToMessage(
      tx,
      { projectId: access.projectId, cardId: access.cardId, messageId: row.id, authorId: userId },
      input.file_ids,
    );
    await touchChat(tx, chatId);
    await followChat(tx, chatId, [userId, ...mentions]);
    const message = await readMessage(tx, deps.fileLinks, row.id, { userId, role: access.role });
    emit({ type: 'message.posted', actor, message });
    return message;
  });
}
