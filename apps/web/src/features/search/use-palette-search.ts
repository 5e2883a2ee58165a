import { parseSearchQuery } from '@deckhand/contract/search-query';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ApiRequestError, errorCodeOf } from '../../lib/api';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { type ClientSearchResult, searchQuery, searchSuggestionsQuery } from './api';
import { type FilterBeingTyped, type FilterCompletion, filterCompletions } from './filter-completion';

/** One request per pause in typing; short, so results seem to follow the keys. */
export const searchDelayMs = 120;

export interface PaletteSearch {
  /** The query the results answer (trimmed); differs from what is typed while a pause is awaited. */
  settledQuery: string;
  results: readonly ClientSearchResult[];
  completions: readonly FilterCompletion[];
  /** Typed, or asked and not answered yet. */
  searching: boolean;
  /** Why the query does not parse, in the server's words. */
  invalidMessage: string | null;
  /** The search failed otherwise (network, server): offer to try again. */
  failed: boolean;
  retry(): void;
}

function invalidQueryMessage(error: unknown, query: string): string | null {
  if (errorCodeOf(error) !== 'search/invalid-query') return null;
  if (error instanceof ApiRequestError && error.detail) return error.detail;
  const parsed = parseSearchQuery(query);
  return parsed.ok ? 'This search could not be read.' : parsed.message;
}

/** The server's results for what is typed (the last ones stay while the next arrive), and the filter's values. */
export function usePaletteSearch(query: string, typed: FilterBeingTyped | null): PaletteSearch {
  const settledQuery = useDebouncedValue(query.trim(), searchDelayMs);
  const asking = settledQuery !== '';
  const results = useQuery({ ...searchQuery(settledQuery), enabled: asking, placeholderData: keepPreviousData });
  const suggestFor = useDebouncedValue(typed?.value ?? null, searchDelayMs);
  const suggestions = useQuery({
    ...searchSuggestionsQuery(suggestFor ?? ''),
    enabled: typed !== null && suggestFor !== null,
    placeholderData: keepPreviousData,
  });

  const invalidMessage = asking ? invalidQueryMessage(results.error, settledQuery) : null;
  return {
    settledQuery,
    results: asking ? (results.data?.items ?? []) : [],
    completions: typed ? filterCompletions(typed, suggestions.data) : [],
    searching: query.trim() !== settledQuery || (asking && results.isFetching),
    invalidMessage,
    failed: asking && results.isError && invalidMessage === null,
    retry: () => void results.refetch(),
  };
}
