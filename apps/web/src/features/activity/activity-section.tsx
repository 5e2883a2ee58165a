import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useNow } from '../../lib/use-now';
import { DotsLoader } from '../../ui/dots-loader';
import { ListEnd } from '../../ui/list-end';
import { RetryPanel } from '../../ui/retry-panel';
import { projectMembersQuery } from '../projects/api';
import { ActivityItem } from './activity-item';
import { type ActivityFilter, activityQuery } from './api';

export interface ActivitySectionProps {
  projectId: string;
  filter: ActivityFilter;
  /**
   * Keeps the list in a scroll container of bounded height (the card page, where the section sits among others);
   * left out where the surrounding panel scrolls already (the task drawer).
   */
  bounded?: boolean;
}

/**
 * The history of a card or a task, newest first. New entries arrive through the live channel (live.ts); older
 * ones load as the end of the list scrolls into view, or from its Load older button.
 */
export function ActivitySection({ projectId, filter, bounded = false }: ActivitySectionProps) {
  const list = useInfiniteQuery(activityQuery(projectId, filter));
  const entries = useMemo(() => list.data?.pages.flatMap((page) => page.items) ?? [], [list.data]);
  const members = useQuery(projectMembersQuery(projectId));
  const membersById = useMemo(
    () => new Map((members.data?.members ?? []).map((member) => [member.userId, member])),
    [members.data],
  );
  const now = useNow();

  return (
    <section aria-label="Activity" className="flex flex-col gap-2">
      <h3 className="text-base font-semibold">Activity</h3>
      {list.data === undefined ? (
        list.isError ? (
          <RetryPanel
            message="The activity could not be loaded."
            onRetry={() => list.refetch()}
            retrying={list.isRefetching}
          />
        ) : (
          <DotsLoader label="Loading activity" className="py-4" />
        )
      ) : entries.length === 0 ? (
        <p className="text-sm text-muted">No activity yet.</p>
      ) : (
        // Focusable when bounded: a scroll container must be reachable by keyboard to be scrolled by it.
        <div
          className={`rounded-lg border border-border ${bounded ? 'max-h-96 overflow-y-auto' : ''}`}
          {...(bounded && { tabIndex: 0 })}
        >
          <ol className="flex flex-col divide-y divide-border">
            {entries.map((activity) => (
              <ActivityItem
                key={activity.id}
                activity={activity}
                member={activity.actor ? membersById.get(activity.actor.userId) : undefined}
                now={now}
              />
            ))}
          </ol>
          <ListEnd
            hasMore={list.hasNextPage}
            loading={list.isFetchingNextPage}
            failed={list.isFetchNextPageError}
            onLoadMore={() => void list.fetchNextPage()}
            label="Load older"
          />
        </div>
      )}
    </section>
  );
}
