import { type SearchPage, type SearchQuery, searchResultTypes } from '@deckhand/contract/search';
import {
  hasSearchWords,
  type ParsedSearch,
  parseSearchQuery,
  taskOnlyFilterKeys,
} from '@deckhand/contract/search-query';
import { eq, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../../db/client';
import { selectRows } from '../../../db/rows';
import { projectMembers } from '../../../db/schema/projects';
import type { Actor } from '../../../platform/actor';
import { AppError } from '../../../platform/errors';
import { requireMembership } from '../../projects/queries/access';
import { type Cursor, decodeCursor, encodeCursor, type SearchOrder } from './cursor';
import { isTimeZone } from './days';
import { dueRanges, resolvePeople, resolveProjects, resolveStatuses } from './filters';
import { resultsOf } from './results';
import { tsqueryOf } from './tsquery';

/** A found entry, before it is read whole. */
const FoundRow = z.object({
  id: z.string(),
  type: z.enum(searchResultTypes),
  project_id: z.string(),
  card_id: z.string(),
  chat_id: z.string().nullable(),
  updated_at: z.string(),
  title_match: z.boolean(),
  due_at: z.string().nullable(),
});
export type FoundRow = z.infer<typeof FoundRow>;

function usesTaskFilters(query: ParsedSearch): boolean {
  return taskOnlyFilterKeys.some((key) => {
    const values = {
      assignee: query.assignees,
      status: query.statuses,
      label: query.labels,
      is: query.is,
      due: query.due,
    };
    return (values[key as keyof typeof values]?.length ?? 0) > 0;
  });
}

function hasFilters(query: ParsedSearch): boolean {
  return query.types.length + query.projects.length + query.from.length > 0 || usesTaskFilters(query);
}

async function projectsOf(db: Db, actor: Actor, projectId: string | undefined): Promise<string[]> {
  if (projectId) {
    await requireMembership(db, projectId, actor.userId);
    return [projectId];
  }
  const rows = await db
    .select({ id: projectMembers.projectId })
    .from(projectMembers)
    .where(eq(projectMembers.userId, actor.userId));
  return rows.map((row) => row.id);
}

function afterCursor(cursor: Cursor, titleMatch: SQL | null): SQL {
  switch (cursor.order) {
    case 'relevance':
      return sql`(${titleMatch ?? sql`false`}, e.updated_at, e.id) < (${cursor.title}, ${cursor.at}::timestamptz, ${cursor.id}::uuid)`;
    case 'recent':
      return sql`(e.updated_at, e.id) < (${cursor.at}::timestamptz, ${cursor.id}::uuid)`;
    case 'due':
      return cursor.due === null
        ? sql`(t.due_at is null and e.id > ${cursor.id}::uuid)`
        : sql`(t.due_at > ${cursor.due}::timestamptz or (t.due_at = ${cursor.due}::timestamptz and e.id > ${cursor.id}::uuid) or t.due_at is null)`;
  }
}

function cursorAfter(order: SearchOrder, row: FoundRow): Cursor {
  switch (order) {
    case 'relevance':
      return { order, title: row.title_match, at: row.updated_at, id: row.id };
    case 'recent':
      return { order, at: row.updated_at, id: row.id };
    case 'due':
      return { order, due: row.due_at, id: row.id };
  }
}

/**
 * One ranked search over the cards, tasks, messages and files of every project the caller belongs to (or of
 * one): words and phrases through the index, filters through the things themselves. Ranked by whether all the
 * words are in the title, then newest first; a query of filters alone lists newest first, or tasks soonest due.
 * @throws search/invalid-query (a filter unknown, or naming nothing) · request/invalid (cursor, tz) ·
 *   projects/not-found (`project_id` of a project the caller is not in)
 */
export async function search(db: Db, actor: Actor, input: SearchQuery): Promise<SearchPage> {
  const parsed = parseSearchQuery(input.q);
  if (!parsed.ok) throw new AppError('search/invalid-query', parsed.message);
  const query = parsed.query;
  const zone = input.tz ?? 'UTC';
  if (!isTimeZone(zone)) throw new AppError('request/invalid', `tz: “${zone}” is not a time zone`);
  const visible = await projectsOf(db, actor, input.project_id);
  if (query.terms.length === 0 && !hasFilters(query)) return { items: [], next_cursor: null };

  const taskFilters = usesTaskFilters(query);
  let types = query.types;
  if (taskFilters) {
    // Only tasks have a status, assignees or a due date.
    if (types.length > 0 && !types.includes('task')) return { items: [], next_cursor: null };
    types = ['task'];
  }
  const projectIds = await resolveProjects(db, visible, query.projects);
  if (projectIds.length === 0) return { items: [], next_cursor: null };
  const [assignees, authors, statusIds] = await Promise.all([
    resolvePeople(db, actor, query.assignees, 'assignee'),
    resolvePeople(db, actor, query.from, 'from'),
    resolveStatuses(db, projectIds, query.statuses),
  ]);

  const tsquery = tsqueryOf(query.terms);
  const titleMatch = tsquery && hasSearchWords(query) ? sql`(e.title_vector @@ q.query)` : null;
  const order: SearchOrder = titleMatch ? 'relevance' : taskFilters ? 'due' : 'recent';
  const conditions: SQL[] = [sql`e.project_id = any(${sql.param(projectIds)}::uuid[])`];
  if (tsquery) conditions.push(sql`e.vector @@ q.query`);
  if (types.length > 0) conditions.push(sql`e.type = any(${sql.param(types)}::text[])`);
  if (authors.length > 0) conditions.push(sql`e.author_id = any(${sql.param(authors.flat())}::uuid[])`);
  for (const people of assignees) conditions.push(sql`t.assignee_ids && ${sql.param(people)}::uuid[]`);
  if (statusIds.length > 0) conditions.push(sql`t.status_id = any(${sql.param(statusIds)}::uuid[])`);
  for (const label of query.labels) {
    conditions.push(sql`exists (select 1 from unnest(t.labels) as label where lower(label) = lower(${label}))`);
  }
  for (const state of query.is) conditions.push(state === 'done' ? sql`t.done_at is not null` : sql`t.done_at is null`);
  for (const range of dueRanges(query.due, zone, new Date())) {
    if (range.from) conditions.push(sql`t.due_at >= ${range.from.toISOString()}::timestamptz`);
    if (range.before) conditions.push(sql`t.due_at < ${range.before.toISOString()}::timestamptz`);
    if (range.open) conditions.push(sql`t.done_at is null`);
  }
  if (input.cursor) conditions.push(afterCursor(decodeCursor(input.cursor, order), titleMatch));

  const orderBy = {
    relevance: sql`title_match desc, e.updated_at desc, e.id desc`,
    recent: sql`e.updated_at desc, e.id desc`,
    due: sql`t.due_at asc nulls last, e.id asc`,
  }[order];
  const rows = await selectRows(
    db,
    FoundRow,
    sql`
    with q as materialized (select ${tsquery ?? sql`''::tsquery`} as query)
    select e.id, e.type, e.project_id, e.card_id, e.chat_id, e.updated_at::text as updated_at,
      ${titleMatch ?? sql`false`} as title_match, ${taskFilters ? sql`t.due_at::text` : sql`null`} as due_at
    from search_entries e
      ${taskFilters ? sql`join tasks t on t.id = e.task_id` : sql``}
      cross join q
    where ${sql.join(conditions, sql` and `)}
    order by ${orderBy}
    limit ${input.limit + 1}`,
  );
  const page = rows.slice(0, input.limit);
  const last = page.at(-1);
  return {
    items: await resultsOf(db, page, query.terms),
    next_cursor: rows.length > input.limit && last ? encodeCursor(cursorAfter(order, last)) : null,
  };
}
