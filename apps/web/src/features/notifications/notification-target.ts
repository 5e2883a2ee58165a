import { notificationPath } from '@deckhand/contract/notifications';
import type { ClientNotification } from './api';

/** The route a notification opens (spec §2): the contract's rule, fed with the client's camelCase fields. */
export function notificationTarget(
  notification: Pick<ClientNotification, 'projectId' | 'cardId' | 'chatId'> & { type?: string },
): string {
  return notificationPath({
    type: notification.type,
    project_id: notification.projectId,
    card_id: notification.cardId,
    chat_id: notification.chatId,
  });
}
