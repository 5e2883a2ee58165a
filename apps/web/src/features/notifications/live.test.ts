import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { notificationKeys } from './api';
import { handleNotificationEvent } from './live';

const projectId = '0190a0b0-0000-7000-8000-000000000001';

/** A real QueryClient with the unread count observed, as under the header. */
function headerWithCount() {
  const queryClient = new QueryClient();
  const fetchCount = vi.fn(async () => 1);
  queryClient.setQueryData(notificationKeys.unreadCount(), 0);
  const observer = new QueryObserver(queryClient, {
    queryKey: notificationKeys.unreadCount(),
    queryFn: fetchCount,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const unsubscribe = observer.subscribe(() => {});
  return { queryClient, fetchCount, close: unsubscribe };
}

let close = () => {};
afterEach(() => close());

describe('handleNotificationEvent', () => {
  it('refetches the unread count on notification_update', async () => {
    const header = headerWithCount();
    close = header.close;
    handleNotificationEvent(header.queryClient, { type: 'notification_update' });
    await vi.waitFor(() => expect(header.queryClient.getQueryData(notificationKeys.unreadCount())).toBe(1));
    expect(header.fetchCount).toHaveBeenCalledTimes(1);
  });

  it('leaves the count alone for other events', () => {
    const header = headerWithCount();
    close = header.close;
    handleNotificationEvent(header.queryClient, { type: 'project_updated', project_id: projectId });
    expect(header.fetchCount).not.toHaveBeenCalled();
    expect(header.queryClient.getQueryState(notificationKeys.unreadCount())?.isInvalidated).toBe(false);
  });
});
