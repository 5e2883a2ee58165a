import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { useAuth } from '../../lib/auth-context';
import { useLiveEvent } from '../../lib/live/use-live-event';
import { toast } from '../../ui/toast';
import { projectKeys } from './api';
import { isProjectGone } from './live';

/** Did I delete or leave this project myself during this visit? Then my own action already says so. */
function isOwnDeparture(queryClient: QueryClient, projectId: string, visitStartedAt: number): boolean {
  return queryClient
    .getMutationCache()
    .findAll({ mutationKey: projectKeys.departure(projectId) })
    .some((mutation) => mutation.state.status !== 'error' && mutation.state.submittedAt >= visitStartedAt);
}

/** While a project is open: when it is deleted or I am removed from it, say so and go to the dashboard. */
export function useProjectDeparture(projectId: string): void {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const visit = useRef({ projectId, startedAt: Date.now() });
  useEffect(() => {
    if (visit.current.projectId !== projectId) visit.current = { projectId, startedAt: Date.now() };
  }, [projectId]);

  useLiveEvent((event) => {
    if (!isProjectGone(event, user?.id ?? null) || !('project_id' in event) || event.project_id !== projectId) return;
    if (isOwnDeparture(queryClient, projectId, visit.current.startedAt)) return;
    toast.info(event.type === 'project_deleted' ? 'This project was deleted' : 'You were removed from this project');
    navigate('/dashboard', { replace: true });
  });
}
