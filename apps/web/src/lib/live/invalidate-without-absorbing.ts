import type { Query, QueryClient } from '@tanstack/react-query';

/**
 * Runs `invalidate` (a live event's invalidations, or a reconnect's) so that no query keeps an answer read before
 * the change. TanStack Query cancels a running fetch to refetch an invalidated query only once the query has data:
 * a first fetch still running (a page just opened) absorbs the invalidation, and its answer, possibly read before
 * the change, then stands as fresh. Such a query is fetched once more when that fetch settles; several events
 * meanwhile still make one more fetch, so a busy board does not keep a loading page from finishing.
 */
export function invalidateWithoutAbsorbing(queryClient: QueryClient, invalidate: () => void): void {
  const cache = queryClient.getQueryCache();
  const firstFetches = cache.findAll({ predicate: isFirstFetch });
  invalidate();
  for (const query of firstFetches) {
    if (query.state.isInvalidated && isFirstFetch(query)) followUp(queryClient, query);
  }
}

function isFirstFetch(query: Query): boolean {
  return query.state.data === undefined && query.state.fetchStatus === 'fetching';
}

const followingUp = new WeakSet<Query>();

function followUp(queryClient: QueryClient, query: Query): void {
  if (followingUp.has(query)) return;
  followingUp.add(query);
  const unsubscribe = queryClient.getQueryCache().subscribe((event) => {
    if (event.query !== query) return;
    if (event.type === 'removed') {
      unsubscribe();
      followingUp.delete(query);
      return;
    }
    if (query.state.fetchStatus !== 'idle') return;
    unsubscribe();
    followingUp.delete(query);
    void queryClient.invalidateQueries({ queryKey: query.queryKey, exact: true });
  });
}
