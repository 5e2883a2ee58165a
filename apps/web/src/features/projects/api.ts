import {
  type CreateProjectInput,
  MemberList,
  Project,
  type TransferInput,
  type UpdateProjectInput,
} from '@deckhand/contract/projects';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api, apiData } from '../../lib/api';
import type { Camelize } from '../../lib/case';

export type ProjectDetails = Camelize<Project>;
export type ProjectMembers = Camelize<MemberList>;
export type ProjectMember = ProjectMembers['members'][number];
export type PendingInvitation = ProjectMembers['invitations'][number];

export const projectKeys = {
  all: ['projects'] as const,
  list: () => [...projectKeys.all, 'list'] as const,
  detail: (projectId: string) => [...projectKeys.all, 'detail', projectId] as const,
  /** Under the detail key, so invalidating a project refreshes its members too. */
  members: (projectId: string) => [...projectKeys.detail(projectId), 'members'] as const,
  /** Mutations by which the signed-in person leaves a project (leave, delete); see useProjectDeparture. */
  departure: (projectId: string) => [...projectKeys.all, 'departure', projectId] as const,
};

export const projectListQuery = () =>
  queryOptions({ queryKey: projectKeys.list(), queryFn: () => apiData(z.array(Project), 'projects') });

/**
 * The live channel invalidates a project whenever it changes (and everything after a reconnect), so the pages of
 * an open project share one answer instead of each asking again as it mounts.
 */
const projectStaleTimeMs = 60_000;

export const projectQuery = (projectId: string) =>
  queryOptions({
    queryKey: projectKeys.detail(projectId),
    queryFn: () => apiData(Project, `projects/${projectId}`),
    staleTime: projectStaleTimeMs,
  });

export const projectMembersQuery = (projectId: string) =>
  queryOptions({
    queryKey: projectKeys.members(projectId),
    queryFn: () => apiData(MemberList, `projects/${projectId}/members`),
  });

export function useCreateProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateProjectInput) => apiData(Project, 'projects', { method: 'POST', body: input }),
    onSuccess: (project) => {
      queryClient.setQueryData(projectKeys.detail(project.id), project);
      return queryClient.invalidateQueries({ queryKey: projectKeys.list() });
    },
  });
}

export function useUpdateProject(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateProjectInput) =>
      apiData(Project, `projects/${projectId}`, { method: 'PATCH', body: input }),
    onSuccess: (project) => {
      queryClient.setQueryData(projectKeys.detail(projectId), project);
      return queryClient.invalidateQueries({ queryKey: projectKeys.list() });
    },
  });
}

/** Also a departure: the live event that follows must not be announced as someone else's doing. */
export function useDeleteProject(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: projectKeys.departure(projectId),
    mutationFn: async () => {
      await api(`projects/${projectId}`, { method: 'DELETE' });
    },
    onSuccess: () => {
      // Not refetched (it would answer 404 under the page that is leaving), but asked again if ever shown.
      void queryClient.invalidateQueries({ queryKey: projectKeys.detail(projectId), refetchType: 'none' });
      return queryClient.invalidateQueries({ queryKey: projectKeys.list() });
    },
  });
}

export function useTransferOwnership(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TransferInput) =>
      apiData(Project, `projects/${projectId}/transfer`, { method: 'POST', body: input }),
    onSuccess: (project) => {
      queryClient.setQueryData(projectKeys.detail(projectId), project);
      return queryClient.invalidateQueries({ queryKey: projectKeys.all });
    },
  });
}
