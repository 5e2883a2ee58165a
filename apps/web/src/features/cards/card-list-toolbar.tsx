import type { ReactNode } from 'react';

export interface CardListToolbarProps {
  query: string;
  onQueryChange(query: string): void;
  archived: boolean;
  onArchivedChange(archived: boolean): void;
  /** The New card button, for those who may write. */
  newCard: ReactNode;
}

const filterClass =
  'min-h-10 px-3 text-sm font-medium first:rounded-l-md last:rounded-r-md aria-pressed:bg-primary-soft aria-pressed:text-fg text-muted hover:bg-surface-strong focus-visible:outline-2 focus-visible:outline-ring';

/** Search as you type, the Active / Archived switch and the New card button. */
export function CardListToolbar({ query, onQueryChange, archived, onArchivedChange, newCard }: CardListToolbarProps) {
  return (
    <div className="mb-4 flex flex-col gap-3 sm:flex-row sm:items-center">
      <input
        type="search"
        aria-label="Search cards"
        placeholder="Search cards"
        value={query}
        onChange={(event) => onQueryChange(event.target.value)}
        className="min-h-10 flex-1 rounded-md border border-border bg-bg px-3 text-base text-fg placeholder:text-muted focus-visible:border-ring focus-visible:outline-2 focus-visible:outline-ring"
      />
      <div className="flex items-center gap-3">
        <fieldset className="flex rounded-md border border-border">
          <legend className="sr-only">Show</legend>
          <button
            type="button"
            aria-pressed={!archived}
            onClick={() => onArchivedChange(false)}
            className={filterClass}
          >
            Active
          </button>
          <button type="button" aria-pressed={archived} onClick={() => onArchivedChange(true)} className={filterClass}>
            Archived
          </button>
        </fieldset>
        {newCard}
      </div>
    </div>
  );
}
