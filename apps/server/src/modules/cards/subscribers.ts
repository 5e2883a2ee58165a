import type { AppDeps } from '../../app-deps';
import { publishToMembers } from '../projects/queries/audience';

const liveTypes = {
  'card.created': 'card_created',
  'card.updated': 'card_updated',
  'card.deleted': 'card_deleted',
  // The excerpt and the time of the last change moved: open lists and card pages refresh.
  'card.body_stored': 'card_updated',
} as const;

/** What follows a change of cards: live events to the project's members, and the `card_created` usage event. */
export function registerCardSubscribers(deps: AppDeps): void {
  deps.events.subscribe({
    name: 'cards.live-and-usage',
    on: ['card.created', 'card.updated', 'card.deleted', 'card.body_stored'],
    async handle(event) {
      const { card } = event;
      if (event.type === 'card.created') {
        void deps.usage.record({
          name: 'card_created',
          userId: event.actor?.userId,
          properties: { project_id: card.projectId, card_id: card.id },
        });
      }
      await publishToMembers(deps, card.projectId, {
        type: liveTypes[event.type],
        project_id: card.projectId,
        card_id: card.id,
      });
    },
  });
}
