import type { ClientNotification } from './api';

export interface NotificationToastProps {
  notification: Pick<ClientNotification, 'title' | 'message'>;
  onOpen(): void;
}

/**
 * A new notification as a toast: its title and message, the whole of it a button that opens what it is about.
 * Rendered by the toast container, outside the router: navigation comes in through `onOpen`.
 */
export function NotificationToast({ notification, onOpen }: NotificationToastProps) {
  return (
    <button type="button" onClick={onOpen} className="flex w-full flex-col items-start gap-0.5 text-left">
      <span className="font-semibold">{notification.title}</span>
      <span className="text-sm">{notification.message}</span>
    </button>
  );
}
