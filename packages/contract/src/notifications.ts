import { z } from 'zod';

/** What a notification is about; later areas (cards, chats, tasks, files) add their own. */
export const notificationTypes = [
  'project_member_added',
  'invitation_accepted',
  'member_role_changed',
  'member_removed',
  'mention',
  'chat_message',
  'task_assigned',
  'task_due',
  'task_overdue',
  'webhook_disabled',
] as const;
export type NotificationType = (typeof notificationTypes)[number];

export const notificationPageSize = { default: 30, max: 100 } as const;

/** Spec §3's notification, with the server's snake_case fields. Ids that do not apply are null. */
export const Notification = z.object({
  id: z.uuid(),
  user_id: z.uuid(),
  type: z.string(),
  title: z.string(),
  message: z.string(),
  project_id: z.uuid().nullable(),
  card_id: z.uuid().nullable(),
  chat_id: z.uuid().nullable(),
  task_id: z.uuid().nullable(),
  file_id: z.uuid().nullable(),
  author_id: z.uuid().nullable(),
  author_name: z.string().nullable(),
  is_read: z.boolean(),
  created_at: z.iso.datetime(),
});
export type Notification = z.infer<typeof Notification>;

/** Newest first; pass the last id seen as `before` for the next page. */
export const NotificationListQuery = z.strictObject({
  limit: z.coerce.number().int().min(1).max(notificationPageSize.max).default(notificationPageSize.default),
  before: z.uuid().optional(),
});
export type NotificationListQuery = z.infer<typeof NotificationListQuery>;

export const NotificationParams = z.object({ id: z.uuid() });
export type NotificationParams = z.infer<typeof NotificationParams>;

export const UnreadCount = z.object({ count: z.number().int().min(0) });
export type UnreadCount = z.infer<typeof UnreadCount>;

/** The browser's PushSubscription.toJSON(). */
export const PushSubscriptionJson = z.object({
  endpoint: z.url({ protocol: /^https?$/ }).max(2048),
  expirationTime: z.number().nullable().optional(),
  keys: z.object({ p256dh: z.string().min(1).max(200), auth: z.string().min(1).max(100) }),
});
export type PushSubscriptionJson = z.infer<typeof PushSubscriptionJson>;

export const PushRegisterInput = z.strictObject({ subscription: PushSubscriptionJson });
export type PushRegisterInput = z.infer<typeof PushRegisterInput>;

export const PushUnregisterInput = z.strictObject({ endpoint: z.url().max(2048) });
export type PushUnregisterInput = z.infer<typeof PushUnregisterInput>;

/** What a push message carries; the service worker shows it and opens `url` on click. */
export const PushPayload = z.object({
  title: z.string(),
  message: z.string(),
  url: z.string(),
  notification_id: z.uuid(),
});
export type PushPayload = z.infer<typeof PushPayload>;

/** The spec §2 route a notification opens: its chat, card or project, else the dashboard. */
export function notificationPath(
  n: Pick<Notification, 'project_id' | 'card_id' | 'chat_id'> & { type?: string },
): string {
  if (!n.project_id) return '/dashboard';
  // Where the webhook is enabled again.
  if (n.type === 'webhook_disabled') return `/${n.project_id}/settings`;
  if (n.card_id && n.chat_id) return `/${n.project_id}/cards/${n.card_id}/chats/${n.chat_id}`;
  if (n.card_id) return `/${n.project_id}/cards/${n.card_id}`;
  return `/${n.project_id}`;
}
