import type { AppDeps } from '../../app-deps';
import { publishToMembers } from '../projects/publish';

const liveTypes = {
  'chat.created': 'chat_created',
  'chat.renamed': 'chat_updated',
  'chat.deleted': 'chat_deleted',
} as const;

/** What follows a change of chats: live events to the project's members. */
export function registerChatSubscribers(deps: AppDeps): void {
  deps.events.subscribe({
    name: 'chats.live',
    on: ['chat.created', 'chat.renamed', 'chat.deleted'],
    async handle(event) {
      // A new card's General: its card_created tells clients already.
      if (event.type === 'chat.created' && event.withCard) return;
      const { chat } = event;
      await publishToMembers(deps, chat.projectId, {
        type: liveTypes[event.type],
        project_id: chat.projectId,
        card_id: chat.cardId,
        chat_id: chat.id,
      });
    },
  });
}
