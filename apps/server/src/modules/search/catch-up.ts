import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { selectRows } from '../../db/rows';

/** How far back a start looks for things the previous process created but did not live to index. */
export const catchUpWindowMs = 10 * 60 * 1000;

/** The smallest UUIDv7 of a moment: ids are UUIDv7, so "created since" is a range of the primary key. */
export function firstUuidAt(at: Date): string {
  const hex = at.getTime().toString(16).padStart(12, '0');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-7000-8000-000000000000`;
}

/**
 * Indexes what was created since `since` and has no entry: the batch that waited when the last process died.
 * (An edit lost that way is indexed at the thing's next change.) Cheap: a range of each table's key.
 * @returns how many things it found without an entry
 */
export async function catchUpSearchIndex(db: Db, since: Date): Promise<number> {
  const floor = firstUuidAt(since);
  let written = 0;
  for (const [table, writer] of [
    ['cards', 'search_index_cards'],
    ['tasks', 'search_index_tasks'],
    ['messages', 'search_index_messages'],
    ['files', 'search_index_files'],
  ] as const) {
    const [row] = await selectRows(
      db,
      z.object({ count: z.number() }),
      sql`
      with missing as (
        select t.id from ${sql.identifier(table)} t
        where t.id >= ${floor}::uuid and not exists (select 1 from search_entries e where e.id = t.id)
      )
      select ${sql.identifier(writer)}(array(select id from missing)), (select count(*) from missing)::int as count`,
    );
    written += row?.count ?? 0;
  }
  return written;
}
