import { ApiToken, CreatedApiToken, type CreateTokenInput } from '@deckhand/contract/tokens';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api, apiData } from '../../lib/api';
import type { Camelize } from '../../lib/case';

export type ClientToken = Camelize<ApiToken>;
export type ClientCreatedToken = Camelize<CreatedApiToken>;

export const tokenKeys = {
  all: ['tokens'] as const,
  list: () => [...tokenKeys.all, 'list'] as const,
};

/** The signed-in person's tokens, newest first, without their secrets (the server keeps only a hash). */
export const tokenListQuery = () =>
  queryOptions({ queryKey: tokenKeys.list(), queryFn: () => apiData(z.array(ApiToken), 'tokens') });

/**
 * Makes a token; its secret is in this answer only. The list is refetched rather than given the answer, so the
 * secret never enters the query cache. @throws tokens/invalid · tokens/too-many · request/invalid
 */
export function useCreateToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateTokenInput) => apiData(CreatedApiToken, 'tokens', { method: 'POST', body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tokenKeys.list() }),
  });
}

/** Revokes a token at once. Refetched either way: a tokens/not-found means it was revoked elsewhere. */
export function useRevokeToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (tokenId: string) => {
      await api(`tokens/${tokenId}`, { method: 'DELETE' });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: tokenKeys.list() }),
  });
}
