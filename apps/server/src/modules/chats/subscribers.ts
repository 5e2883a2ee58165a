import { firstChatName } from '@deckhand/contract/cards';
import type { AppDeps } from '../../app-deps';
import { publishToMembers } from '../projects/queries/audience';
import { createChatIn } from './commands/create-chat';

const liveTypes = {
  'chat.created': 'chat_created',
  'chat.renamed': 'chat_updated',
  'chat.deleted': 'chat_deleted',
} as const;

/** What follows a change of chats: live events to the project's members. */
export function registerChatSubscribers(deps: AppDeps): void {
  // Every card starts with a chat, General, opened in the card's own transaction.
  deps.events.subscribeWithin({
    name: 'chats.first-chat',
    on: ['card.created'],
    async handle(event, work) {
      const { card, authorName, actor } = event;
      if (!actor) throw new Error('a card is always created by someone');
      const input = { cardId: card.id, projectId: card.projectId, name: firstChatName, authorName, withCard: true };
      await createChatIn(work, actor, input);
    },
  });
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
