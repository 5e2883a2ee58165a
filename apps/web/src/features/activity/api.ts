import { type Activity, ActivityPage, activityLimits } from '@deckhand/contract/activity';
import { infiniteQueryOptions } from '@tanstack/react-query';
import { apiData } from '../../lib/api';
import type { Camelize } from '../../lib/case';

export type ClientActivity = Camelize<Activity>;

/** Whose history a list shows: a card's (with its tasks', chats' and files'), or one task's. */
export type ActivityFilter = { cardId: string } | { taskId: string };

export const activityKeys = {
  all: ['activity'] as const,
  project: (projectId: string) => [...activityKeys.all, projectId] as const,
  card: (projectId: string, cardId: string) => [...activityKeys.project(projectId), 'card', cardId] as const,
  task: (projectId: string, taskId: string) => [...activityKeys.project(projectId), 'task', taskId] as const,
};

function keyOf(projectId: string, filter: ActivityFilter) {
  return 'cardId' in filter ? activityKeys.card(projectId, filter.cardId) : activityKeys.task(projectId, filter.taskId);
}

/** A card's or a task's history, newest first, a page at a time. */
export const activityQuery = (projectId: string, filter: ActivityFilter) =>
  infiniteQueryOptions({
    queryKey: keyOf(projectId, filter),
    queryFn: ({ pageParam }) => {
      const params = new URLSearchParams({ limit: String(activityLimits.pageDefault) });
      if ('cardId' in filter) params.set('card_id', filter.cardId);
      else params.set('task_id', filter.taskId);
      if (pageParam) params.set('cursor', pageParam);
      return apiData(ActivityPage, `projects/${projectId}/activity?${params.toString()}`);
    },
    initialPageParam: '',
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });
