import { useId } from 'react';
import { Link } from 'react-router';
import { formatExactTime, formatRelativeTime } from '../../lib/relative-time';
import { Avatar } from '../../ui/avatar';
import { IconButton } from '../../ui/icon-button';
import { type ClientNotification, useDeleteNotification, useMarkNotificationRead } from './api';
import { notificationTarget } from './notification-target';

export interface NotificationItemProps {
  notification: ClientNotification;
  /** The time "3 min ago" is counted from. */
  now: number;
  onOpen(): void;
}

/**
 * One notification: who, what, when, whether it is unread. The whole row opens what it is about (and marks it
 * read); its buttons mark it read or delete it.
 */
export function NotificationItem({ notification, now, onOpen }: NotificationItemProps) {
  const markRead = useMarkNotificationRead();
  const remove = useDeleteNotification();
  const messageId = useId();
  const unread = !notification.isRead;
  const author = notification.authorName || 'Deckhand';

  function handleOpen(): void {
    if (unread) markRead.mutate(notification);
    onOpen();
  }

  return (
    <li
      className={`relative flex gap-3 px-4 py-3 hover:bg-surface has-[a:focus-visible]:outline-2 has-[a:focus-visible]:-outline-offset-2 has-[a:focus-visible]:outline-ring ${unread ? 'bg-primary-soft/50' : ''}`}
    >
      <span className="pt-0.5">
        <Avatar name={author} color="" avatarUrl="" size={36} />
      </span>
      <div className="min-w-0 flex-1">
        <Link
          to={notificationTarget(notification)}
          onClick={handleOpen}
          aria-describedby={messageId}
          className={`break-words outline-none after:absolute after:inset-0 ${unread ? 'font-semibold' : 'font-medium'}`}
        >
          {unread ? <span className="sr-only">Unread: </span> : null}
          {notification.title}
        </Link>
        <p id={messageId} className="text-sm break-words text-muted">
          {notification.message}
        </p>
        <p className="mt-1 flex items-center gap-2 text-xs text-muted">
          {/* Above the row's link, so hovering shows the exact time. */}
          <time
            dateTime={notification.createdAt}
            title={formatExactTime(notification.createdAt)}
            className="relative z-10"
          >
            {formatRelativeTime(notification.createdAt, now)}
          </time>
          {unread ? (
            <span aria-hidden="true" className="inline-flex items-center gap-1 font-medium text-primary">
              <span className="size-2 rounded-full bg-primary" />
              Unread
            </span>
          ) : null}
        </p>
      </div>
      <div className="relative z-10 flex shrink-0 items-start gap-1">
        {unread ? (
          <IconButton label="Mark as read" onClick={() => markRead.mutate(notification)}>
            <svg aria-hidden="true" viewBox="0 0 16 16" className="size-4" fill="none" stroke="currentColor">
              <path d="M3 8.5l3 3 7-7" strokeWidth="1.75" strokeLinecap="round" strokeLinejoin="round" />
            </svg>
          </IconButton>
        ) : null}
        <IconButton label="Delete" onClick={() => remove.mutate(notification)}>
          <svg aria-hidden="true" viewBox="0 0 16 16" className="size-4" fill="none" stroke="currentColor">
            <path
              d="M3 4.5h10M6.5 4.5V3h3v1.5M4.5 4.5l.6 8.5h5.8l.6-8.5"
              strokeWidth="1.5"
              strokeLinecap="round"
              strokeLinejoin="round"
            />
          </svg>
        </IconButton>
      </div>
    </li>
  );
}
