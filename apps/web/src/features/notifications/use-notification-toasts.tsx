import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { toast } from '../../ui/toast';
import { type ClientNotification, fetchNewestNotification, unreadCountQuery, useMarkNotificationRead } from './api';
import { countWentUp, isNewArrival } from './arrivals';
import { notificationTarget } from './notification-target';
import { NotificationToast } from './notification-toast';

/**
 * Spec §2: a new notification also shows as a toast (top-right, from the app's toast container). A rise of the
 * unread count means one arrived; the newest is then fetched and shown once. Nothing is shown for what was there
 * when the page loaded.
 */
export function useNotificationToasts(): void {
  const { data: count } = useQuery(unreadCountQuery());
  const navigate = useNavigate();
  const markRead = useMarkNotificationRead();
  const previousCount = useRef<number | undefined>(undefined);
  const lastAnnouncedId = useRef<string | null>(null);

  const open = useRef<(notification: ClientNotification) => void>(() => {});
  useEffect(() => {
    open.current = (notification) => {
      toast.dismiss(notification.id);
      if (!notification.isRead) markRead.mutate(notification);
      navigate(notificationTarget(notification));
    };
  });

  useEffect(() => {
    if (count === undefined) return;
    const before = previousCount.current;
    previousCount.current = count;
    if (!countWentUp(before, count)) return;
    fetchNewestNotification()
      .then((newest) => {
        if (!newest || !isNewArrival(newest, lastAnnouncedId.current)) return;
        lastAnnouncedId.current = newest.id;
        toast.info(<NotificationToast notification={newest} onOpen={() => open.current(newest)} />, {
          toastId: newest.id,
        });
      })
      .catch((error: unknown) => console.warn('Notifications: the new notification could not be loaded', error));
  }, [count]);
}
