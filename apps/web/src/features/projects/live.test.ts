import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { projectKeys } from './api';
import { handleProjectEvent } from './live';

const projectId = '0190a0b0-0000-7000-8000-000000000001';
const me = '0190a0b0-0000-7000-8000-000000000002';
const someoneElse = '0190a0b0-0000-7000-8000-000000000003';

/** A real QueryClient with the dashboard list and the open project observed, as on a page. */
function pageWithProjectOpen() {
  const queryClient = new QueryClient();
  const fetches = { list: vi.fn(async () => []), detail: vi.fn(async () => ({ id: projectId })) };
  queryClient.setQueryData(projectKeys.list(), []);
  queryClient.setQueryData(projectKeys.detail(projectId), { id: projectId });
  const observers = [
    new QueryObserver(queryClient, { queryKey: projectKeys.list(), queryFn: fetches.list, staleTime: Infinity }),
    new QueryObserver(queryClient, {
      queryKey: projectKeys.detail(projectId),
      queryFn: fetches.detail,
      staleTime: Infinity,
    }),
  ];
  const unsubscribe = observers.map((observer) => observer.subscribe(() => {}));
  return {
    queryClient,
    fetches,
    close: () => {
      for (const stop of unsubscribe) stop();
    },
  };
}

let close = () => {};
afterEach(() => close());

describe('handleProjectEvent', () => {
  it('refetches the list and the open project when someone else changes it', async () => {
    const page = pageWithProjectOpen();
    close = page.close;
    handleProjectEvent(page.queryClient, { type: 'member_updated', project_id: projectId, user_id: me }, me);
    await vi.waitFor(() => expect(page.fetches.detail).toHaveBeenCalledTimes(1));
    expect(page.fetches.list).toHaveBeenCalledTimes(1);
  });

  it('does not refetch a project that is gone for me, but marks it stale', async () => {
    for (const event of [
      { type: 'project_deleted', project_id: projectId },
      { type: 'member_removed', project_id: projectId, user_id: me },
    ] as const) {
      const page = pageWithProjectOpen();
      close = page.close;
      handleProjectEvent(page.queryClient, event, me);
      await vi.waitFor(() => expect(page.fetches.list).toHaveBeenCalledTimes(1));
      expect(page.fetches.detail).not.toHaveBeenCalled();
      expect(page.queryClient.getQueryState(projectKeys.detail(projectId))?.isInvalidated).toBe(true);
      page.close();
    }
  });

  it('refetches the open project when another member is removed', async () => {
    const page = pageWithProjectOpen();
    close = page.close;
    handleProjectEvent(page.queryClient, { type: 'member_removed', project_id: projectId, user_id: someoneElse }, me);
    await vi.waitFor(() => expect(page.fetches.detail).toHaveBeenCalledTimes(1));
  });
});
