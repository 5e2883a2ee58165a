import type { AppDeps } from '../../app-deps';
import type { WebhookDispatcher } from './service/dispatcher';
import { enqueueDeliveries, type WebhookEvent } from './service/enqueue';

/**
 * Webhooks follow the activity history as it is written (`activity.recorded`: the entries as the API shows them,
 * in order) and chat messages (their own history). Each event a webhook wants becomes a pending delivery, sent
 * at once by the dispatcher. Like the history, an event is lost if the process dies before its batch is written;
 * once a delivery is stored, it is sent until it succeeds or runs out of attempts, by any instance.
 */
export function registerWebhookSubscribers(deps: AppDeps, dispatcher: WebhookDispatcher): void {
  const enqueue = async (events: WebhookEvent[]) =>
    dispatcher.nudge(await enqueueDeliveries(deps.db, events), Math.max(...events.map((event) => event.seenAt)));
  deps.events.subscribe({
    name: 'webhooks.activity',
    on: ['activity.recorded'],
    handle: (event) =>
      enqueue(
        event.entries.map((entry) => ({
          projectId: entry.project_id,
          type: entry.verb,
          timestamp: entry.created_at,
          // The recorder stamped the entry when its event arrived, on this clock.
          seenAt: Date.parse(entry.created_at),
          data: entry,
        })),
      ),
  });
  deps.events.subscribe({
    name: 'webhooks.messages',
    on: ['message.posted', 'message.edited', 'message.deleted'],
    handle: (event) => {
      const seenAt = Date.now();
      if (event.type === 'message.deleted') {
        const { message } = event;
        return enqueue([
          {
            projectId: message.projectId,
            type: 'message.deleted',
            timestamp: new Date(seenAt).toISOString(),
            seenAt,
            data: { id: message.id, chat_id: message.chatId, card_id: message.cardId, project_id: message.projectId },
          },
        ]);
      }
      const { message } = event;
      return enqueue([
        {
          projectId: message.project_id,
          type: event.type === 'message.posted' ? 'message.created' : 'message.updated',
          timestamp:
            event.type === 'message.posted' ? message.created_at : (message.edited_at ?? new Date().toISOString()),
          seenAt,
          data: message,
        },
      ]);
    },
  });
}
