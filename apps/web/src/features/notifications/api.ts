import {
  Notification,
  notificationPageSize,
  type PushRegisterInput,
  UnreadCount,
} from '@deckhand/contract/notifications';
import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api, apiData, apiText } from '../../lib/api';
import type { Camelize } from '../../lib/case';
import { clampUnreadCount } from './unread-count';

/** Spec §3's notification with the client's camelCase fields. */
export type ClientNotification = Camelize<Notification>;

export const notificationKeys = {
  all: ['notifications'] as const,
  unreadCount: () => [...notificationKeys.all, 'unread-count'] as const,
  list: () => [...notificationKeys.all, 'list'] as const,
};

const NotificationPage = z.array(Notification);

/** Spec §8: failures of the notification calls are not shown to anyone, but they are logged. */
function logFailure(what: string): (error: unknown) => never {
  return (error) => {
    console.warn(`Notifications: ${what} failed`, error);
    throw error;
  };
}

export const unreadCountQuery = () =>
  queryOptions({
    queryKey: notificationKeys.unreadCount(),
    queryFn: () =>
      apiData(UnreadCount, 'notifications/unread-count')
        .then(({ count }) => clampUnreadCount(count))
        .catch(logFailure('loading the unread count')),
    // The live channel says when it changes; coming back to the tab asks again in case a message was missed.
    refetchOnWindowFocus: true,
  });

/** `before` is the last id of the page above; empty for the first page. */
function pagePath(before: string): string {
  const params = new URLSearchParams({ limit: String(notificationPageSize.default) });
  if (before) params.set('before', before);
  return `notifications?${params.toString()}`;
}

/** Newest first, a page at a time: the next page is what comes before the last id shown. */
export const notificationListQuery = () =>
  infiniteQueryOptions({
    queryKey: notificationKeys.list(),
    queryFn: ({ pageParam }) => apiData(NotificationPage, pagePath(pageParam)).catch(logFailure('loading the list')),
    initialPageParam: '',
    getNextPageParam: (lastPage) => (lastPage.length < notificationPageSize.default ? undefined : lastPage.at(-1)?.id),
    refetchOnWindowFocus: true,
  });

/** The newest notification, or null when there is none (for the toast of a new arrival). */
export async function fetchNewestNotification(): Promise<ClientNotification | null> {
  const [newest] = await apiData(NotificationPage, 'notifications?limit=1');
  return newest ?? null;
}

interface Optimistic<Variables> {
  /** The unread count once the change is made. */
  count(count: number, variables: Variables): number;
  /** A listed notification once the change is made, or null when it goes away. */
  item(notification: ClientNotification, variables: Variables): ClientNotification | null;
}

function useNotificationMutation<Variables>(
  what: string,
  mutationFn: (variables: Variables) => Promise<unknown>,
  optimistic: Optimistic<Variables>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onMutate: async (variables) => {
      // Show the outcome at once; a refetch already under way would otherwise bring the old state back.
      await queryClient.cancelQueries({ queryKey: notificationKeys.all });
      queryClient.setQueryData(unreadCountQuery().queryKey, (count) =>
        count === undefined ? undefined : clampUnreadCount(optimistic.count(count, variables)),
      );
      queryClient.setQueryData(notificationListQuery().queryKey, (list) => {
        if (!list) return list;
        const pages = list.pages.map((page) =>
          page.flatMap((notification) => optimistic.item(notification, variables) ?? []),
        );
        return { ...list, pages };
      });
    },
    onError: (error) => console.warn(`Notifications: ${what} failed`, error),
    // Here rather than per call, so it runs even when the component that asked has gone (a click away). An error
    // brings the server's state back this way too.
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}

function countWithout(count: number, notification: ClientNotification): number {
  return notification.isRead ? count : count - 1;
}

export function useMarkNotificationRead() {
  return useNotificationMutation(
    'marking as read',
    (notification: ClientNotification) => api(`notifications/${notification.id}/read`, { method: 'PUT' }),
    {
      count: countWithout,
      item: (listed, notification) => (listed.id === notification.id ? { ...listed, isRead: true } : listed),
    },
  );
}

export function useMarkAllNotificationsRead() {
  return useNotificationMutation<void>(
    'marking all as read',
    () => api('notifications/mark-all-read', { method: 'PUT' }),
    { count: () => 0, item: (listed) => ({ ...listed, isRead: true }) },
  );
}

export function useDeleteNotification() {
  return useNotificationMutation(
    'deleting',
    (notification: ClientNotification) => api(`notifications/${notification.id}`, { method: 'DELETE' }),
    { count: countWithout, item: (listed, notification) => (listed.id === notification.id ? null : listed) },
  );
}

/** Spec §7: the public key as urlsafe base64 text. */
export async function fetchVapidPublicKey(): Promise<string> {
  return (await apiText('push/vapidPublicKey')).trim();
}

/** Spec §7: tells the server where to push to this browser. */
export async function registerPushSubscription(input: PushRegisterInput): Promise<void> {
  await api('push/register', { method: 'POST', body: input });
}

/** Stops pushes to this browser for the signed-in person (at sign-out). */
export async function unregisterPushSubscription(endpoint: string): Promise<void> {
  await api('push/register', { method: 'DELETE', body: { endpoint } });
}
