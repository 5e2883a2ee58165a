import type { AppDeps } from '../../app-deps';
import { publishToMembers } from '../projects/queries/audience';
import type { MessageRef } from './events';
import { notifyAboutMessage } from './notify';

type MessageLiveType = 'message_created' | 'message_updated' | 'message_deleted' | 'reaction_updated';

const liveTypes = {
  'message.posted': 'message_created',
  'message.edited': 'message_updated',
  'message.deleted': 'message_deleted',
  'message.reacted': 'reaction_updated',
} as const satisfies Record<string, MessageLiveType>;

/** What follows a change of messages: live events, and notifications of mentions and of followed chats. */
export function registerMessageSubscribers(deps: AppDeps): void {
  const { events } = deps;

  events.subscribe({
    name: 'messages.live',
    on: ['message.posted', 'message.edited', 'message.deleted', 'message.reacted'],
    async handle(event) {
      const where: MessageRef =
        event.type === 'message.deleted'
          ? event.message
          : {
              id: event.message.id,
              chatId: event.message.chat_id,
              cardId: event.message.card_id,
              projectId: event.message.project_id,
            };
      await publishToMembers(deps, where.projectId, {
        type: liveTypes[event.type],
        project_id: where.projectId,
        card_id: where.cardId,
        chat_id: where.chatId,
        message_id: where.id,
      });
    },
  });

  // Whether the chat has followers to tell is known only by reading them, so every message takes an outbox row.
  events.subscribe({
    name: 'messages.notifications',
    on: ['message.posted'],
    durable: true,
    handle: (event) => notifyAboutMessage(deps, event.message),
  });
}
