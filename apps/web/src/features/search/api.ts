import { SearchPage, SearchSuggestions, searchLimits } from '@deckhand/contract/search';
import { queryOptions } from '@tanstack/react-query';
import { apiData } from '../../lib/api';
import type { Camelize } from '../../lib/case';

export type ClientSearchResult = Camelize<SearchPage>['items'][number];
export type ClientSearchSuggestions = Camelize<SearchSuggestions>;

export const searchKeys = {
  all: ['search'] as const,
  results: (q: string) => [...searchKeys.all, 'results', q] as const,
  suggestions: (q: string) => [...searchKeys.all, 'suggestions', q] as const,
};

/** The browser's time zone, which says what `due:today` and `due:week` mean to the person searching. */
function timeZone(): string | undefined {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
}

/** Results change with every write anywhere: a few seconds of reuse covers typing back and forth, no more. */
const searchStaleTimeMs = 5_000;

/** The first page of results for `q` across the caller's projects. */
export const searchQuery = (q: string) =>
  queryOptions({
    queryKey: searchKeys.results(q),
    queryFn: ({ signal }) => {
      const params = new URLSearchParams({ q, limit: String(searchLimits.pageDefault) });
      const zone = timeZone();
      if (zone) params.set('tz', zone);
      return apiData(SearchPage, `search?${params.toString()}`, { signal });
    },
    staleTime: searchStaleTimeMs,
    // A query that does not parse stays wrong however often it is asked.
    retry: false,
  });

/** Projects and people whose names fit `q`, for completing `in:`, `assignee:` and `from:`. */
export const searchSuggestionsQuery = (q: string) =>
  queryOptions({
    queryKey: searchKeys.suggestions(q),
    queryFn: ({ signal }) =>
      apiData(SearchSuggestions, `search/suggest?${new URLSearchParams({ q }).toString()}`, { signal }),
    staleTime: 30_000,
  });
