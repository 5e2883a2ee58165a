import type { ParsedSearch, PersonFilter } from '@deckhand/contract/search-query';
import { and, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { profiles } from '../../../db/schema/profiles';
import { projects } from '../../../db/schema/projects';
import { taskStatuses } from '../../../db/schema/tasks';
import type { Actor } from '../../../platform/actor';
import { AppError } from '../../../platform/errors';
import { dayIn, dayStart } from './days';

function invalid(message: string): AppError {
  return new AppError('search/invalid-query', message);
}

/** People who share a project with the caller (themselves included): whom `assignee:` and `from:` can name. */
export function coMembersOf(userId: string) {
  return sql`(select others.user_id from project_members mine join project_members others
    on others.project_id = mine.project_id where mine.user_id = ${userId})`;
}

/** A name matches as typed, whole or its first word ("bob" names Bob Baker), whatever the case. */
function nameMatches(column: typeof profiles.name, value: string) {
  return sql`(lower(${column}) = lower(${value}) or lower(${column}) like ${`${escapeLike(value.toLowerCase())} %`})`;
}

export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/gu, (c) => `\\${c}`);
}

/**
 * Each person filter's accounts (a name may be several people's): `me` is the caller.
 * @throws search/invalid-query naming a name nobody in the caller's projects has
 */
export async function resolvePeople(db: Db, actor: Actor, filters: PersonFilter[], key: string): Promise<string[][]> {
  return Promise.all(
    filters.map(async (filter) => {
      if (filter.kind === 'me') return [actor.userId];
      const rows = await db
        .select({ id: profiles.userId })
        .from(profiles)
        .where(and(sql`${profiles.userId} in ${coMembersOf(actor.userId)}`, nameMatches(profiles.name, filter.name)));
      if (rows.length === 0) throw invalid(`${key}:${filter.name} — nobody of that name is in your projects`);
      return rows.map((row) => row.id);
    }),
  );
}

/** @throws search/invalid-query naming a name none of the caller's projects has */
export async function resolveProjects(db: Db, projectIds: string[], names: string[]): Promise<string[]> {
  if (names.length === 0) return projectIds;
  const found = new Set<string>();
  for (const name of names) {
    const rows = await db
      .select({ id: projects.id })
      .from(projects)
      .where(and(inArray(projects.id, projectIds), sql`lower(${projects.name}) = lower(${name})`));
    if (rows.length === 0) throw invalid(`in:${name} — you have no project of that name`);
    for (const row of rows) found.add(row.id);
  }
  return [...found];
}

/** @throws search/invalid-query naming a status no project of the search has */
export async function resolveStatuses(db: Db, projectIds: string[], names: string[]): Promise<string[]> {
  if (names.length === 0) return [];
  const rows = await db
    .select({ id: taskStatuses.id, name: taskStatuses.name })
    .from(taskStatuses)
    .where(
      and(
        inArray(taskStatuses.projectId, projectIds),
        or(...names.map((name) => sql`lower(${taskStatuses.name}) = lower(${name})`)),
      ),
    );
  const missing = names.find((name) => !rows.some((row) => row.name.toLowerCase() === name.toLowerCase()));
  if (missing !== undefined) throw invalid(`status:${missing} — no status of that name`);
  return rows.map((row) => row.id);
}

/** `due:` filters as ranges of moments, in the caller's time zone. */
export function dueRanges(
  due: ParsedSearch['due'],
  zone: string,
  now: Date,
): { from?: Date; before?: Date; open?: boolean }[] {
  const today = dayIn(zone, now);
  return due.map((filter) => {
    switch (filter.kind) {
      case 'overdue':
        return { before: now, open: true };
      case 'today':
        return { from: dayStart(zone, today), before: dayStart(zone, today, 1) };
      case 'week':
        return { from: dayStart(zone, today), before: dayStart(zone, today, 7) };
      case 'before':
        return { before: dayStart(zone, filter.date) };
      case 'after':
        return { from: dayStart(zone, filter.date, 1) };
      default:
        return {};
    }
  });
}
