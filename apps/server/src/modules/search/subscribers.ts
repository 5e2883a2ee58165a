import type { AppDeps } from '../../app-deps';
import { catchUpSearchIndex, catchUpWindowMs } from './catch-up';
import { createSearchIndexer } from './indexer';

const catchUpDelayMs = 30_000;

/**
 * The search index follows what is written: new and changed cards, tasks, messages and files are indexed within
 * a batch's delay, after the commit. Deletions need nothing here: an entry goes with its row (see
 * db/schema/search.ts). Moves and status changes leave the index alone: a task's status, assignees and due date
 * are read from the task itself when a query filters by them.
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
  events.subscribe({
    name: 'search.files',
    on: ['file.uploaded'],
    handle: (event) => indexer.queue('file', event.file.id),
  });
}

function textChanged(task: { title: string; labels: string[] }, previous: { title: string; labels: string[] }) {
  return task.title !== previous.title || task.labels.join('\n') !== previous.labels.join('\n');
}
