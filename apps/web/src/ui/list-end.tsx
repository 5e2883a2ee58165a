import { useEffect, useRef } from 'react';
import { Button } from './button';

export interface ListEndProps {
  hasMore: boolean;
  loading: boolean;
  failed: boolean;
  onLoadMore(): void;
  /** The button's label, e.g. "Load older" for a list that runs back in time. */
  label?: string;
}

/**
 * The end of the list: the next page loads when it scrolls into view (infinite scroll), and its button
 * does the same for keyboards and for browsers without IntersectionObserver. After a failure it waits for a click.
 */
export function ListEnd({ hasMore, loading, failed, onLoadMore, label = 'Load more' }: ListEndProps) {
  const end = useRef<HTMLDivElement>(null);
  const loadMore = useRef(onLoadMore);
  useEffect(() => {
    loadMore.current = onLoadMore;
  });

  useEffect(() => {
    const element = end.current;
    if (!element || !hasMore || loading || failed || typeof IntersectionObserver === 'undefined') return;
    // Re-created after each page, so an end still in view (a short page) asks for the next one.
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) loadMore.current();
      },
      { rootMargin: '0px 0px 200px 0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [hasMore, loading, failed]);

  if (!hasMore) return null;
  return (
    <div ref={end} className="flex justify-center p-4">
      <Button variant="secondary" onClick={onLoadMore} disabled={loading}>
        {loading ? 'Loading…' : failed ? 'Try again' : label}
      </Button>
    </div>
  );
}
