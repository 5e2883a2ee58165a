import { Card, CardList, type CreateCardInput, cardLimits, type UpdateCardInput } from '@deckhand/contract/cards';
import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, apiData } from '../../lib/api';
import type { Camelize } from '../../lib/case';

export type ClientCard = Camelize<Card>;

export interface CardListFilter {
  /** As typed; trimmed here, empty for every card. */
  q: string;
  archived: boolean;
}

export const cardKeys = {
  all: ['cards'] as const,
  lists: (projectId: string) => [...cardKeys.all, 'list', projectId] as const,
  list: (projectId: string, filter: CardListFilter) => [...cardKeys.lists(projectId), filter] as const,
  detail: (cardId: string) => [...cardKeys.all, 'detail', cardId] as const,
};

function listPath(projectId: string, { q, archived }: CardListFilter, cursor: string): string {
  const params = new URLSearchParams({ limit: String(cardLimits.pageDefault) });
  const query = q.trim();
  if (query) params.set('q', query);
  if (archived) params.set('archived', 'true');
  if (cursor) params.set('cursor', cursor);
  return `projects/${projectId}/cards?${params.toString()}`;
}

/** A page at a time, most recently updated first (best matches first while searching). */
export const cardListQuery = (projectId: string, filter: CardListFilter) =>
  infiniteQueryOptions({
    queryKey: cardKeys.list(projectId, { q: filter.q.trim(), archived: filter.archived }),
    queryFn: ({ pageParam }) => apiData(CardList, listPath(projectId, filter, pageParam)),
    initialPageParam: '',
    getNextPageParam: (lastPage) => lastPage.nextCursor ?? undefined,
  });

export const cardQuery = (cardId: string) =>
  queryOptions({ queryKey: cardKeys.detail(cardId), queryFn: () => apiData(Card, `cards/${cardId}`) });

export function useCreateCard(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateCardInput) =>
      apiData(Card, `projects/${projectId}/cards`, { method: 'POST', body: input }),
    onSuccess: (card) => {
      queryClient.setQueryData(cardKeys.detail(card.id), card);
      return queryClient.invalidateQueries({ queryKey: cardKeys.lists(projectId) });
    },
  });
}

export function useUpdateCard(card: Pick<ClientCard, 'id' | 'projectId'>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateCardInput) => apiData(Card, `cards/${card.id}`, { method: 'PATCH', body: input }),
    onSuccess: (updated) => {
      queryClient.setQueryData(cardKeys.detail(card.id), updated);
      return queryClient.invalidateQueries({ queryKey: cardKeys.lists(card.projectId) });
    },
  });
}

export function useDeleteCard(card: Pick<ClientCard, 'id' | 'projectId'>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      await api(`cards/${card.id}`, { method: 'DELETE' });
    },
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: cardKeys.detail(card.id) });
      return queryClient.invalidateQueries({ queryKey: cardKeys.lists(card.projectId) });
    },
  });
}
