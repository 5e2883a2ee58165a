import { Button } from '../../ui/button';
import type { PaletteSearch } from './use-palette-search';

export interface PaletteStatusProps {
  search: PaletteSearch;
  /** What is in the field now, trimmed. */
  typedQuery: string;
  hasOptions: boolean;
}

/**
 * The line under the field: why the query does not parse, that nothing matched, that the search failed (with a
 * way to try again), or that it is under way. Announced politely, as it changes with each key.
 */
export function PaletteStatus({ search, typedQuery, hasOptions }: PaletteStatusProps) {
  if (search.failed) {
    return (
      <div role="alert" className="flex items-center justify-between gap-3 bg-danger-soft px-4 py-2 text-sm">
        <span>The search failed. Check your connection and try again.</span>
        <Button size="sm" variant="secondary" onClick={search.retry}>
          Try again
        </Button>
      </div>
    );
  }
  // While a filter's values are offered, the query is unfinished rather than wrong (`in:` needs its value).
  const invalid = search.completions.length > 0 ? null : search.invalidMessage;
  return (
    <div aria-live="polite">
      {invalid ? (
        <p className="border-b border-border bg-warning-soft px-4 py-2 text-sm">{invalid}</p>
      ) : hasOptions || typedQuery === '' ? null : search.searching ? (
        <p className="px-4 py-6 text-center text-muted">Searching…</p>
      ) : (
        <p className="px-4 py-6 text-center text-muted">No results for “{typedQuery}”</p>
      )}
    </div>
  );
}
