import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { selectRows } from '../../db/rows';
import type { IndexedType } from './indexer';

const tables: Record<IndexedType, string> = { card: 'cards', task: 'tasks', message: 'messages', file: 'files' };
const writers: Record<IndexedType, string> = {
  card: 'search_index_cards',
  task: 'search_index_tasks',
  message: 'search_index_messages',
  file: 'search_index_files',
};
const defaultChunk = 1000;

/**
 * Indexes everything in a project that has no entry yet: an import writes a whole project without the per-thing
 * events the indexer follows. A chunk of ids at a time, each one statement, so the embedded database serves other
 * requests between them. Only what lacks an entry: a run stopped part way (`signal`, at shutdown) takes up where
 * it stopped, and what was written since the import has been indexed by the subscribers already.
 * @throws the signal's reason once it is aborted, between two chunks
 */
export async function indexProject(
  db: Db,
  projectId: string,
  options: { signal?: AbortSignal; chunk?: number } = {},
): Promise<void> {
  const chunk = options.chunk ?? defaultChunk;
  for (const type of ['card', 'task', 'message', 'file'] as const) {
    let after = '00000000-0000-0000-0000-000000000000';
    for (;;) {
      options.signal?.throwIfAborted();
      const rows = await selectRows(
        db,
        z.object({ id: z.string() }),
        sql`select t.id from ${sql.identifier(tables[type])} t
          where t.project_id = ${projectId} and t.id > ${after}::uuid
            and not exists (select 1 from search_entries e where e.id = t.id)
          order by t.id limit ${chunk}`,
      );
      const last = rows.at(-1);
      if (!last) break;
      await db.execute(sql`select ${sql.identifier(writers[type])}(${sql.param(rows.map((row) => row.id))}::uuid[])`);
      if (rows.length < chunk) break;
      after = last.id;
    }
  }
}
