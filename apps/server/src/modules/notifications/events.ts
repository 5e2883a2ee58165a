import type { EventBase } from '../../platform/domain-events';

/** The domain events of a person's notifications; `userId` is their owner. */
export interface NotificationEvents {
  /** One was marked read (it may have been read already). */
  'notification.read': EventBase & { userId: string; notificationId: string };
  /** All the unread ones were marked read; `count` of them, never 0 (nothing is recorded then). */
  'notification.all_read': EventBase & { userId: string; count: number };
  'notification.deleted': EventBase & { userId: string; notificationId: string };
}
