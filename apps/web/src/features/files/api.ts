import { FileList, fileLimits, StoredFile } from '@deckhand/contract/files';
import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, apiData } from '../../lib/api';
import type { Camelize } from '../../lib/case';
import { loadClientConfig } from '../../lib/client-config';

export type ClientFile = Camelize<StoredFile>;

/** This instance's configuration, for FILE_MAX_BYTES. */
export const clientConfigQuery = () =>
  queryOptions({ queryKey: ['client-config'], queryFn: loadClientConfig, staleTime: Number.POSITIVE_INFINITY });

export const fileKeys = {
  all: ['files'] as const,
  card: (cardId: string) => [...fileKeys.all, 'card', cardId] as const,
  one: (fileId: string) => [...fileKeys.all, 'one', fileId] as const,
};

/** A card's files, newest first, a page at a time. */
export const cardFilesQuery = (projectId: string, cardId: string) =>
  infiniteQueryOptions({
    queryKey: fileKeys.card(cardId),
    queryFn: ({ pageParam }) => {
      const params = new URLSearchParams({ card_id: cardId, limit: String(fileLimits.pageDefault) });
      if (pageParam) params.set('cursor', pageParam);
      return apiData(FileList, `projects/${projectId}/files?${params.toString()}`);
    },
    initialPageParam: '',
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });

/**
 * One file with fresh signed links: what the card body asks for, since it keeps file ids and not links that
 * expire. Refreshed well before the links do (they last one to two hours).
 */
export const fileQuery = (fileId: string) =>
  queryOptions({
    queryKey: fileKeys.one(fileId),
    queryFn: () => apiData(StoredFile, `files/${fileId}`),
    staleTime: 30 * 60 * 1000,
    refetchInterval: 45 * 60 * 1000,
  });

export function useDeleteFile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (file: ClientFile) => {
      await api(`files/${file.id}`, { method: 'DELETE' });
    },
    onSuccess: (_, file) => {
      queryClient.removeQueries({ queryKey: fileKeys.one(file.id) });
      if (file.cardId) return queryClient.invalidateQueries({ queryKey: fileKeys.card(file.cardId) });
    },
  });
}
