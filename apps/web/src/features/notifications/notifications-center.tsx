import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Sheet } from '../../ui/sheet';
import { unreadCountQuery } from './api';
import { BellIcon } from './bell-icon';
import { MarkAllReadButton } from './mark-all-read-button';
import { NotificationsPanel } from './notifications-panel';
import { notificationsButtonLabel, unreadBadgeText } from './unread-count';
import { useNotificationToasts } from './use-notification-toasts';

/**
 * The header's Notifications button (DESIGN.md §6) with the unread count as a badge, the panel it opens, and the
 * toasts of new arrivals. The count comes from the server and is refetched on `notification_update`.
 */
export function NotificationsCenter() {
  const [open, setOpen] = useState(false);
  const { data: count = 0 } = useQuery(unreadCountQuery());
  useNotificationToasts();
  const badge = unreadBadgeText(count);

  return (
    <Sheet
      open={open}
      onOpenChange={setOpen}
      title="Notifications"
      description={count > 0 ? `${count} unread` : 'No unread notifications'}
      actions={<MarkAllReadButton unreadCount={count} />}
      trigger={
        <button
          type="button"
          aria-label={notificationsButtonLabel(count)}
          title="Notifications"
          className="relative inline-flex size-9 items-center justify-center rounded-full text-muted hover:bg-surface-strong hover:text-fg focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
        >
          <BellIcon />
          {badge ? (
            <span
              aria-hidden="true"
              className="absolute -top-0.5 -right-1 inline-flex h-5 min-w-5 items-center justify-center rounded-full bg-danger px-1 text-xs font-semibold text-bg ring-2 ring-surface"
            >
              {badge}
            </span>
          ) : null}
        </button>
      }
    >
      <NotificationsPanel onOpenNotification={() => setOpen(false)} />
    </Sheet>
  );
}
