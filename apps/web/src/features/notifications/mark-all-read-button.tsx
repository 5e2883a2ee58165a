import { Button } from '../../ui/button';
import { useMarkAllNotificationsRead } from './api';

export interface MarkAllReadButtonProps {
  unreadCount: number;
}

export function MarkAllReadButton({ unreadCount }: MarkAllReadButtonProps) {
  const markAll = useMarkAllNotificationsRead();
  return (
    <Button
      variant="secondary"
      className="shrink-0"
      disabled={unreadCount === 0 || markAll.isPending}
      onClick={() => markAll.mutate()}
    >
      Mark all as read
    </Button>
  );
}
