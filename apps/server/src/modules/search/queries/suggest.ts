import type { SearchSuggestions } from '@deckhand/contract/search';
import { searchLimits } from '@deckhand/contract/search';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../../db/client';
import { selectRows } from '../../../db/rows';
import { type Actor, projectLimitOf } from '../../../platform/actor';
import { coMembersOf, escapeLike } from './filters';

/**
 * Values for the filters being typed: the caller's projects (`in:`) and the people who share one with them
 * (`assignee:`, `from:`) whose names contain `q`, those beginning with it first.
 */
export async function suggest(db: Db, actor: Actor, q: string): Promise<SearchSuggestions> {
  const text = q.trim().replace(/^"|"$/gu, '').toLowerCase();
  const contains = `%${escapeLike(text)}%`;
  const begins = `${escapeLike(text)}%`;
  const limit = projectLimitOf(actor);
  const [projectRows, peopleRows] = await Promise.all([
    selectRows(
      db,
      z.object({ id: z.string(), name: z.string() }),
      sql`
      select p.id, p.name from projects p join project_members m on m.project_id = p.id and m.user_id = ${actor.userId}
      where lower(p.name) like ${contains}${limit ? sql` and p.id = any(${sql.param(limit)}::uuid[])` : sql``}
      order by lower(p.name) like ${begins} desc, lower(p.name), p.id
      limit ${searchLimits.suggestMax}`,
    ),
    selectRows(
      db,
      z.object({ user_id: z.string(), name: z.string() }),
      sql`
      select pr.user_id, pr.name from profiles pr
      where pr.user_id in ${coMembersOf(actor.userId)} and lower(pr.name) like ${contains}
      order by lower(pr.name) like ${begins} desc, lower(pr.name), pr.user_id
      limit ${searchLimits.suggestMax}`,
    ),
  ]);
  return {
    projects: projectRows.map((row) => ({ id: row.id, name: row.name })),
    people: peopleRows.map((row) => ({ user_id: row.user_id, name: row.name })),
  };
}
