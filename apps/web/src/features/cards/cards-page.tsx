import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { useNow } from '../../lib/use-now';
import { Button } from '../../ui/button';
import { DotsLoader } from '../../ui/dots-loader';
import { EmptyState } from '../../ui/empty-state';
import { ListEnd } from '../../ui/list-end';
import { RetryPanel } from '../../ui/retry-panel';
import { ProjectPage } from '../projects/project-page';
import { useRouteProject } from '../projects/use-route-project';
import { cardListQuery } from './api';
import { CardListToolbar } from './card-list-toolbar';
import { CardRow } from './card-row';
import { NewCardDialog } from './new-card-dialog';

const searchDelayMs = 150;

/**
 * /:id — the project's cards: search (`?q=`), the archived ones (`?archived=true`), and a new card (also `c`, bound
 * for every page of the project in app/command-center.tsx).
 */
export function CardsPage() {
  const project = useRouteProject();
  const canWrite = project.abilities.write;
  const [params, setParams] = useSearchParams();
  const [query, setQuery] = useState(() => params.get('q') ?? '');
  const archived = params.get('archived') === 'true';
  const settledQuery = useDebouncedValue(query, searchDelayMs);
  const [creating, setCreating] = useState(false);
  const now = useNow();

  const list = useInfiniteQuery({
    ...cardListQuery(project.id, { q: settledQuery, archived }),
    // While the next search runs, the last results stay rather than flashing to a spinner.
    placeholderData: keepPreviousData,
  });

  function updateParams(next: { q?: string; archived?: boolean }): void {
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        if (next.q !== undefined) {
          if (next.q.trim()) updated.set('q', next.q);
          else updated.delete('q');
        }
        if (next.archived !== undefined) {
          if (next.archived) updated.set('archived', 'true');
          else updated.delete('archived');
        }
        return updated;
      },
      { replace: true },
    );
  }

  const cards = list.data?.pages.flatMap((page) => page.items) ?? [];
  const searching = settledQuery.trim() !== '';

  return (
    <ProjectPage title="Cards">
      <CardListToolbar
        query={query}
        onQueryChange={(value) => {
          setQuery(value);
          updateParams({ q: value });
        }}
        archived={archived}
        onArchivedChange={(value) => updateParams({ archived: value })}
        newCard={
          canWrite ? (
            <Button onClick={() => setCreating(true)} aria-keyshortcuts="c">
              New card
            </Button>
          ) : null
        }
      />
      {list.data === undefined ? (
        list.isError ? (
          <RetryPanel
            message="The cards could not be loaded."
            onRetry={() => list.refetch()}
            retrying={list.isRefetching}
          />
        ) : (
          <DotsLoader label="Loading cards" className="py-16" />
        )
      ) : cards.length === 0 ? (
        <CardsEmptyState
          searching={searching}
          archived={archived}
          action={
            canWrite && !searching && !archived ? <Button onClick={() => setCreating(true)}>New card</Button> : null
          }
        />
      ) : (
        <>
          <ul
            aria-label={archived ? 'Archived cards' : 'Cards'}
            aria-busy={list.isPlaceholderData || undefined}
            className="divide-y divide-border overflow-hidden rounded-xl border border-border"
          >
            {cards.map((card) => (
              <CardRow key={card.id} card={card} now={now} />
            ))}
          </ul>
          <ListEnd
            hasMore={list.hasNextPage}
            loading={list.isFetchingNextPage}
            failed={list.isFetchNextPageError}
            onLoadMore={() => void list.fetchNextPage()}
          />
        </>
      )}
      <NewCardDialog projectId={project.id} open={creating} onOpenChange={setCreating} />
    </ProjectPage>
  );
}

interface CardsEmptyStateProps {
  searching: boolean;
  archived: boolean;
  action: ReactNode;
}

function CardsEmptyState({ searching, archived, action }: CardsEmptyStateProps) {
  if (searching) {
    return (
      <EmptyState title="No cards match">
        Nothing in the titles or bodies of {archived ? 'archived' : 'this project’s'} cards matches your search. Try
        other words.
      </EmptyState>
    );
  }
  if (archived) {
    return <EmptyState title="No archived cards">Cards you archive are kept here, out of the way.</EmptyState>;
  }
  return (
    <EmptyState title="No cards yet" action={action}>
      Cards are the topics of a project: each has a live document that everyone edits together, and its own chats.
    </EmptyState>
  );
}
