import { type AddMemberInput, Invitation, Member, type UpdateMemberInput } from '@deckhand/contract/projects';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api, apiData } from '../../lib/api';
import { projectKeys } from './api';

/** 201 answers with the member (an existing account, added at once), 202 with the invitation that was mailed. */
const AddMemberResult = z.union([
  Member.transform((member) => ({ kind: 'member' as const, member })),
  Invitation.transform((invitation) => ({ kind: 'invitation' as const, invitation })),
]);

export function useAddMember(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AddMemberInput) =>
      apiData(AddMemberResult, `projects/${projectId}/members`, { method: 'POST', body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: projectKeys.detail(projectId) }),
  });
}

export function useUpdateMemberRole(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, ...input }: UpdateMemberInput & { userId: string }) =>
      apiData(Member, `projects/${projectId}/members/${userId}`, { method: 'PATCH', body: input }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: projectKeys.detail(projectId) }),
  });
}

export function useRemoveMember(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (userId: string) => {
      await api(`projects/${projectId}/members/${userId}`, { method: 'DELETE' });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: projectKeys.detail(projectId) }),
  });
}

/** Leaving is removing yourself; it is a departure (see useProjectDeparture). */
export function useLeaveProject(projectId: string, userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: projectKeys.departure(projectId),
    mutationFn: async () => {
      await api(`projects/${projectId}/members/${userId}`, { method: 'DELETE' });
    },
    onSuccess: () => {
      // Not refetched (it would answer 404 under the page that is leaving), but asked again if ever shown.
      void queryClient.invalidateQueries({ queryKey: projectKeys.detail(projectId), refetchType: 'none' });
      return queryClient.invalidateQueries({ queryKey: projectKeys.list() });
    },
  });
}

export function useRevokeInvitation(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (invitationId: string) => {
      await api(`projects/${projectId}/invitations/${invitationId}`, { method: 'DELETE' });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: projectKeys.members(projectId) }),
  });
}

export function useResendInvitation(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (invitationId: string) =>
      apiData(Invitation, `projects/${projectId}/invitations/${invitationId}/resend`, { method: 'POST' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: projectKeys.members(projectId) }),
  });
}
