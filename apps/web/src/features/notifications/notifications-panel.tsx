import { useInfiniteQuery } from '@tanstack/react-query';
import { useNow } from '../../lib/use-now';
import { Button } from '../../ui/button';
import { DotsLoader } from '../../ui/dots-loader';
import { ListEnd } from '../../ui/list-end';
import { notificationListQuery } from './api';
import { BellIcon } from './bell-icon';
import { NotificationItem } from './notification-item';

export interface NotificationsPanelProps {
  /** Called when a notification is opened, so the panel can close. */
  onOpenNotification(): void;
}

/** The notifications, newest first, loading older ones as the end of the list comes into view. */
export function NotificationsPanel({ onOpenNotification }: NotificationsPanelProps) {
  const list = useInfiniteQuery(notificationListQuery());
  const now = useNow();

  if (list.data === undefined) {
    if (list.isError) {
      // Spec §8: failures are not alarming (they are logged); the person may simply ask again.
      return (
        <div className="flex flex-col items-center gap-3 px-6 py-16 text-center text-muted">
          <p>Notifications are not available right now.</p>
          <Button variant="secondary" onClick={() => list.refetch()} disabled={list.isRefetching}>
            Try again
          </Button>
        </div>
      );
    }
    return <DotsLoader label="Loading notifications" className="py-16" />;
  }

  const notifications = list.data.pages.flat();
  if (notifications.length === 0) {
    return (
      <div className="flex flex-col items-center gap-2 px-6 py-16 text-center">
        <BellIcon className="size-8 text-muted" />
        <p className="text-lg font-medium">You’re all caught up</p>
        <p className="text-muted">When something happens in your projects, you’ll hear about it here.</p>
      </div>
    );
  }

  return (
    <>
      <ul aria-label="Notifications" className="divide-y divide-border">
        {notifications.map((notification) => (
          <NotificationItem key={notification.id} notification={notification} now={now} onOpen={onOpenNotification} />
        ))}
      </ul>
      <ListEnd
        hasMore={list.hasNextPage}
        loading={list.isFetchingNextPage}
        failed={list.isFetchNextPageError}
        onLoadMore={() => void list.fetchNextPage()}
      />
    </>
  );
}
