import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import { searchEntries } from '../../db/schema/search';
import type { DomainEventMap } from '../../domain-events';
import type { EventOf } from '../../platform/domain-events';
import { catchUpSearchIndex, catchUpWindowMs } from './catch-up';
import { createSearchIndexer } from './indexer';
import { queueProjectIndexing } from './workers';

const catchUpDelayMs = 30_000;

/**
 * The search index follows what is written: new and changed cards, tasks, messages and files are indexed within
 * a batch's delay, after the commit; deletions remove their entries before the deletion answers (and a search
 * never shows an entry whose thing is gone). Moves and status changes leave the index alone: a task's status,
 * assignees and due date are read from the task itself when a query filters by them.
 */
export function registerSearchSubscribers(deps: AppDeps): void {
  const indexer = createSearchIndexer(deps);
  const startedAt = new Date();
  // Not at start, when the instance is busiest: what it finds has waited since the last process died anyway.
  const catchUp = setTimeout(() => {
    catchUpSearchIndex(deps.db, new Date(startedAt.getTime() - catchUpWindowMs))
      .then((count) => count > 0 && deps.log.info({ count }, 'search entries written that the last process left'))
      .catch((err: unknown) => deps.log.error({ err }, 'search index catch-up failed'));
  }, catchUpDelayMs);
  catchUp.unref();
  deps.events.onClose(async () => {
    clearTimeout(catchUp);
    await indexer.flush();
  });
  const { events } = deps;
  events.subscribe({
    name: 'search.cards',
    on: ['card.created', 'card.updated', 'card.body_stored'],
    handle: (event) => {
      if (event.type === 'card.updated' && event.card.title === event.previous.title) return;
      indexer.queue('card', event.card.id);
    },
  });
  events.subscribe({
    name: 'search.tasks',
    on: ['task.created', 'task.updated'],
    handle: (event) => {
      if (event.type === 'task.updated' && !textChanged(event.task, event.previous)) return;
      indexer.queue('task', event.task.id);
    },
  });
  events.subscribe({
    name: 'search.messages',
    on: ['message.posted', 'message.edited'],
    handle: (event) => indexer.queue('message', event.message.id),
  });
  // An imported project is indexed in the background (workers.ts): its import is done when its rows are in,
  // and tens of thousands of entries took as long again on the embedded database.
  events.subscribe({
    name: 'search.imported-projects',
    on: ['project.imported'],
    durable: true,
    handle: (event) => queueProjectIndexing(deps, event.projectId),
  });
  events.subscribe({
    name: 'search.files',
    on: ['file.uploaded'],
    handle: (event) => indexer.queue('file', event.file.id),
  });
  events.subscribe({
    name: 'search.deletions',
    on: ['task.deleted', 'file.deleted', 'message.deleted', 'chat.deleted', 'card.deleted', 'project.deleted'],
    handle: async (event) => {
      await deps.db.delete(searchEntries).where(entriesGoneWith(event));
    },
  });
}

function textChanged(task: { title: string; labels: string[] }, previous: { title: string; labels: string[] }) {
  return task.title !== previous.title || task.labels.join('\n') !== previous.labels.join('\n');
}

type Deletion = EventOf<
  DomainEventMap,
  'task.deleted' | 'file.deleted' | 'message.deleted' | 'chat.deleted' | 'card.deleted' | 'project.deleted'
>;

/** The entries a deletion takes: its own, and those of what went with it (a message's files, a card's tasks…). */
function entriesGoneWith(event: Deletion): SQL {
  switch (event.type) {
    case 'task.deleted':
      return eq(searchEntries.id, event.task.id);
    case 'file.deleted':
      return eq(searchEntries.id, event.file.id);
    case 'message.deleted':
      return eq(searchEntries.messageId, event.message.id);
    case 'chat.deleted':
      return eq(searchEntries.chatId, event.chat.id);
    case 'card.deleted':
      // Through the project's index: a card's deletion is rare, an index of cards a cost on every entry.
      return (
        and(eq(searchEntries.projectId, event.card.projectId), eq(searchEntries.cardId, event.card.id)) ?? sql`false`
      );
    case 'project.deleted':
      return eq(searchEntries.projectId, event.projectId);
  }
}
