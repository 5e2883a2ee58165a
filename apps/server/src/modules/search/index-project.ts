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
const chunk = 1000;

/**
 * Indexes everything in a project at once: an import writes a whole project without the per-thing events the
 * indexer follows. A chunk of ids at a time, each one statement, so the embedded database serves other requests
 * between them.
 */
export async function indexProject(db: Db, projectId: string): Promise<void> {
  for (const type of ['card', 'task', 'message', 'file'] as const) {
    let after = '00000000-0000-0000-0000-000000000000';
    for (;;) {
      const rows = await selectRows(
        db,
        z.object({ id: z.string() }),
        sql`select id from ${sql.identifier(tables[type])} where project_id = ${projectId} and id > ${after}::uuid order by id limit ${chunk}`,
      );
      const last = rows.at(-1);
      if (!last) break;
      await db.execute(sql`select ${sql.identifier(writers[type])}(${sql.param(rows.map((row) => row.id))}::uuid[])`);
      if (rows.length < chunk) break;
      after = last.id;
    }
  }
}
