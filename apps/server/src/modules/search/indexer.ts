import { sql } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';

export type IndexedType = 'card' | 'task' | 'message' | 'file';

/** The writer of each type (migration 0016): reads the rows by id and writes their entries. */
const writers: Record<IndexedType, (ids: string[]) => ReturnType<typeof sql>> = {
  card: (ids) => sql`select search_index_cards(${sql.param(ids)}::uuid[])`,
  task: (ids) => sql`select search_index_tasks(${sql.param(ids)}::uuid[])`,
  message: (ids) => sql`select search_index_messages(${sql.param(ids)}::uuid[])`,
  file: (ids) => sql`select search_index_files(${sql.param(ids)}::uuid[])`,
};

/**
 * Ids wait at most this long to be written with the others of the moment; well within search's 1 s. A batch's
 * statement costs about 0.6 ms on the embedded database whatever its size, and an entry 0.05 ms: at a busy
 * board's few hundred creations a second, a fifth of a second makes the first cost a few microseconds each.
 */
const batchDelayMs = 200;
const batchMaxIds = 500;

export interface SearchIndexer {
  /** Writes the entry of a new or changed thing soon, in a batch. */
  queue(type: IndexedType, id: string): void;
  /** Writes what is waiting (and waits for a write under way); for shutdown and tests. */
  flush(): Promise<void>;
}

/**
 * The index follows the writes in batches, like the activity history: a busy board creates tasks hundreds of
 * times a second, and a statement of its own for each would cost a good part of the creation. What waits when the
 * process dies is not written; the things stay, and are found again on their next change.
 */
export function createSearchIndexer(deps: Pick<AppDeps, 'db' | 'log'>): SearchIndexer {
  const { db, log } = deps;
  let waiting = new Map<IndexedType, Set<string>>();
  let count = 0;
  let timer: NodeJS.Timeout | null = null;
  let writing: Promise<void> = Promise.resolve();

  async function write(batch: Map<IndexedType, Set<string>>): Promise<void> {
    for (const [type, ids] of batch) {
      try {
        await db.execute(writers[type]([...ids]));
      } catch (err) {
        log.error({ err, type, count: ids.size }, 'search entries not written');
      }
    }
  }

  function startWrite(): void {
    if (timer) clearTimeout(timer);
    timer = null;
    if (count === 0) return;
    const batch = waiting;
    waiting = new Map();
    count = 0;
    writing = writing.then(() => write(batch));
  }

  return {
    queue(type, id) {
      const ids = waiting.get(type) ?? new Set();
      if (ids.has(id)) return;
      ids.add(id);
      waiting.set(type, ids);
      count += 1;
      if (count >= batchMaxIds) startWrite();
      else timer ??= setTimeout(startWrite, batchDelayMs);
    },

    async flush() {
      startWrite();
      await writing;
    },
  };
}
