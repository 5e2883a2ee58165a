import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { activityKeys } from './api';
import { handleActivityEvent } from './live';

const projectId = '0190a0b0-0000-7000-8000-000000000001';
const cardId = '0190a0b0-0000-7000-8000-000000000002';
const taskId = '0190a0b0-0000-7000-8000-000000000003';
const otherTaskId = '0190a0b0-0000-7000-8000-000000000004';

function cacheWithLists() {
  const queryClient = new QueryClient();
  for (const key of [
    activityKeys.card(projectId, cardId),
    activityKeys.task(projectId, taskId),
    activityKeys.task(projectId, otherTaskId),
  ]) {
    queryClient.setQueryData(key, { pages: [], pageParams: [] });
  }
  const isStale = (key: readonly unknown[]) => queryClient.getQueryState(key)?.isInvalidated;
  return { queryClient, isStale };
}

describe('handleActivityEvent', () => {
  it('refreshes the history of the card and of the task the entry is about', () => {
    const { queryClient, isStale } = cacheWithLists();
    handleActivityEvent(queryClient, {
      type: 'activity_created',
      project_id: projectId,
      card_id: cardId,
      task_id: taskId,
    });
    expect(isStale(activityKeys.card(projectId, cardId))).toBe(true);
    expect(isStale(activityKeys.task(projectId, taskId))).toBe(true);
    expect(isStale(activityKeys.task(projectId, otherTaskId))).toBe(false);
  });

  it('leaves card and task histories alone for a project-wide entry', () => {
    const { queryClient, isStale } = cacheWithLists();
    handleActivityEvent(queryClient, { type: 'activity_created', project_id: projectId, card_id: null, task_id: null });
    expect(isStale(activityKeys.card(projectId, cardId))).toBe(false);
    expect(isStale(activityKeys.task(projectId, taskId))).toBe(false);
  });
});
