import { AcceptedInvitation, InvitationPreview } from '@deckhand/contract/projects';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiData } from '../../lib/api';
import type { Camelize } from '../../lib/case';
import { projectKeys } from './api';

export type InvitationSummary = Camelize<InvitationPreview>;

export const invitationQuery = (token: string) =>
  queryOptions({
    queryKey: ['invitations', token],
    queryFn: () => apiData(InvitationPreview, `invitations/${encodeURIComponent(token)}`),
  });

export function useAcceptInvitation(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiData(AcceptedInvitation, `invitations/${encodeURIComponent(token)}/accept`, { method: 'POST' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: projectKeys.list() }),
  });
}

export type AcceptInvitationMutation = ReturnType<typeof useAcceptInvitation>;
