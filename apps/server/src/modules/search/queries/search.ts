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
import { type Actor, withinProjectLimit } from '../../../platform/actor';
import { AppError } from '../../../platform/errors';
import { projectNotFound, requireMembership } from '../../projects/queries/access';
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
    if (!withinProjectLimit(actor, projectId)) throw projectNotFound();
    await requireMembership(db, projectId, actor.userId);
    return [projectId];
  }
  const rows = await db
    .select({ id: projectMembers.projectId })
    .from(projectMembers)
    .where(eq(projectMembers.userId, actor.userId));
  return rows.map((row) => row.id).filter((id) => withinProjectLimit(actor, id));
}

/**
 * After the cursor within its order; for relevance, within the cursor's stream (title matches, or the rest).
 * `id`: the id column of the order by due date (the task's or its entry's).
 */
function afterCursor(cursor: Cursor, id: SQL = sql`e.id`): SQL {
  switch (cursor.order) {
    case 'relevance':
    case 'recent':
      return sql`(e.updated_at, e.id) < (${cursor.at}::timestamptz, ${cursor.id}::uuid)`;
    case 'due':
      return cursor.due === null
        ? sql`(t.due_at is null and ${id} > ${cursor.id}::uuid)`
        : sql`(t.due_at > ${cursor.due}::timestamptz or (t.due_at = ${cursor.due}::timestamptz and ${id} > ${cursor.id}::uuid) or t.due_at is null)`;
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
  const order: SearchOrder = tsquery && hasSearchWords(query) ? 'relevance' : taskFilters ? 'due' : 'recent';
  // A query of task filters alone reads the tasks themselves: the index holds nothing it needs.
  const tasksOnly = order === 'due' && !tsquery;
  const column = tasksOnly
    ? { project: sql`t.project_id`, author: sql`t.created_by` }
    : { project: sql`e.project_id`, author: sql`e.author_id` };
  const conditions: SQL[] = [
    // One project as a plain equality: the index on (project, newest) then gives its order without a sort.
    projectIds.length === 1
      ? sql`${column.project} = ${projectIds[0]}`
      : sql`${column.project} = any(${sql.param(projectIds)}::uuid[])`,
  ];
  if (types.length > 0 && !tasksOnly) conditions.push(sql`e.type = any(${sql.param(types)}::text[])`);
  if (authors.length > 0) conditions.push(sql`${column.author} = any(${sql.param(authors.flat())}::uuid[])`);
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
  const cursor = input.cursor ? decodeCursor(input.cursor, order) : null;
  const find = (where: SQL[], orderBy: SQL, limit: number, titleMatch: boolean) =>
    selectRows(
      db,
      FoundRow,
      sql`
      select e.id, e.type, e.project_id, e.card_id, e.chat_id, e.updated_at::text as updated_at,
        ${titleMatch ? sql`true` : sql`false`} as title_match, ${taskFilters ? sql`t.due_at::text` : sql`null`} as due_at
      from search_entries e ${taskFilters ? sql`join tasks t on t.id = e.id` : sql``}
      where ${sql.join(where, sql` and `)}
      order by ${orderBy}
      limit ${limit}`,
    );
  // As the indexes on (…, updated_at, id) hold them (the columns have no nulls): for words alone, or filters
  // alone, a walk of the newest entries that stops at a page. With words and filters together, or a phrase, the
  // planner cannot tell how far such a walk would go (a person's messages with a common word, two common words
  // side by side, may be rare among the newest; it estimates them as common), so the order is written as one no
  // index holds: the matches are found through the index, then sorted.
  const hasPhrase = query.terms.some((term) => term.words.length > 1);
  const walkable =
    order !== 'relevance' || (query.types.length + query.from.length === 0 && !taskFilters && !hasPhrase);
  const newest = walkable
    ? sql`e.updated_at desc nulls last, e.id desc nulls last`
    : sql`e.updated_at + interval '0 s' desc, e.id desc`;
  let rows: FoundRow[];
  if (order === 'relevance' && tsquery) {
    // Title matches first, then the rest, each newest first: two ordered reads rather than one sort of every match,
    // so a word in half the entries reads the newest few of each instead of sorting them all. The query is
    // written out, not bound once, so the planner sees how common its words are and chooses the index for each.
    const inTitle = sql`e.title_vector @@ ${tsquery}`;
    const before = (after: Cursor | null) => (after ? [afterCursor(after)] : []);
    rows = [];
    if (!cursor || (cursor.order === 'relevance' && cursor.title)) {
      rows = await find([...conditions, inTitle, ...before(cursor)], newest, input.limit + 1, true);
    }
    if (rows.length <= input.limit) {
      const fromBody = cursor?.order === 'relevance' && !cursor.title ? cursor : null;
      const bodyOnly = sql`e.vector @@ ${tsquery} and not (${inTitle})`;
      rows.push(
        ...(await find([...conditions, bodyOnly, ...before(fromBody)], newest, input.limit + 1 - rows.length, false)),
      );
    }
  } else if (tasksOnly) {
    if (cursor) conditions.push(afterCursor(cursor, sql`t.id`));
    rows = await selectRows(
      db,
      FoundRow,
      sql`
      select t.id, 'task' as type, t.project_id, t.card_id, null as chat_id, t.updated_at::text as updated_at,
        false as title_match, t.due_at::text as due_at
      from tasks t
      where ${sql.join(conditions, sql` and `)}
      order by t.due_at asc nulls last, t.id asc
      limit ${input.limit + 1}`,
    );
  } else {
    if (tsquery) conditions.push(sql`e.vector @@ ${tsquery}`);
    if (cursor) conditions.push(afterCursor(cursor, sql`e.id`));
    rows = await find(
      conditions,
      order === 'due' ? sql`t.due_at asc nulls last, e.id asc` : newest,
      input.limit + 1,
      false,
    );
  }
  const page = rows.slice(0, input.limit);
  const last = page.at(-1);
  return {
    items: await resultsOf(db, page, query.terms),
    next_cursor: rows.length > input.limit && last ? encodeCursor(cursorAfter(order, last)) : null,
  };
}
