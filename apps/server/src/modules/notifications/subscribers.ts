import type { AppDeps } from '../../app-deps';

/** What follows a change of someone's notifications: their other tabs refresh their list and count. */
export function registerNotificationSubscribers(deps: AppDeps): void {
  deps.events.subscribe({
    name: 'notifications.live',
    on: ['notification.read', 'notification.all_read', 'notification.deleted'],
    handle(event) {
      deps.live.publish([event.userId], { type: 'notification_update' });
    },
  });
}
