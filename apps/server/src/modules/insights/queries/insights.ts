import { type Insights, type InsightsQuery, insightsTopProjects } from '@deckhand/contract/insights';
import { and, asc, desc, gte, isNotNull, lt, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { projects } from '../../../db/schema/projects';
import { usageEvents } from '../../../db/schema/usage-events';
import type { Actor } from '../../../platform/actor';
import { type AdminDeps, requireInstanceAdmin } from '../../admin/queries/instance-admin';
import { periodOf } from '../period';

// Days are UTC days, the same for every admin whatever their time zone.
const utcDay = sql`date_trunc('day', ${usageEvents.createdAt} at time zone 'UTC')`;
const count = sql<number>`count(*)::int`;
const projectId = sql<string>`${usageEvents.properties} ->> 'project_id'`;

/** Every day of the period, 0 on quiet days: the series is generated, the counts joined onto it. */
function dailyActiveUsers(db: Db, query: InsightsQuery, inPeriod: SQL | undefined) {
  const active = db
    .select({
      day: sql<Date>`${utcDay}`.as('active_day'),
      users: sql<number>`count(distinct ${usageEvents.userId})`.as('active_users'),
    })
    .from(usageEvents)
    .where(inPeriod)
    .groupBy(utcDay)
    .as('active');
  return db
    .select({
      day: sql<string>`to_char(series.day, 'YYYY-MM-DD')`,
      users: sql<number>`coalesce(${active.users}, 0)::int`,
    })
    .from(sql`generate_series(${query.from}::timestamp, ${query.to}::timestamp, interval '1 day') as series(day)`)
    .leftJoin(active, sql`${active.day} = series.day`)
    .orderBy(sql`series.day`);
}

function eventsPerDay(db: Db, inPeriod: SQL | undefined) {
  return db
    .select({ day: sql<string>`to_char(${utcDay}, 'YYYY-MM-DD')`, name: usageEvents.name, count })
    .from(usageEvents)
    .where(inPeriod)
    .groupBy(utcDay, usageEvents.name)
    .orderBy(utcDay, usageEvents.name);
}

function totals(db: Db, inPeriod: SQL | undefined) {
  return db
    .select({ name: usageEvents.name, count })
    .from(usageEvents)
    .where(inPeriod)
    .groupBy(usageEvents.name)
    .orderBy(desc(count), asc(usageEvents.name));
}

/** A project id is whatever the event recorded: compared as text, so a stray value cannot break a cast. */
function topProjects(db: Db, inPeriod: SQL | undefined) {
  return db
    .select({ project_id: projectId, name: projects.name, events: count })
    .from(usageEvents)
    .leftJoin(projects, sql`${projects.id}::text = ${projectId}`)
    .where(and(inPeriod, isNotNull(projectId)))
    .groupBy(projectId, projects.id)
    .orderBy(desc(count), asc(projectId))
    .limit(insightsTopProjects);
}

/**
 * Usage of the instance over a period, aggregated in SQL: daily active users, events per day and
 * name, totals, and the busiest projects.
 * @throws admin/not-found (not an instance admin) · insights/invalid-range
 */
export async function getInsights(deps: AdminDeps, actor: Actor | null, query: InsightsQuery): Promise<Insights> {
  await requireInstanceAdmin(deps, actor);
  const { db } = deps;
  const period = periodOf(query);
  const inPeriod = and(gte(usageEvents.createdAt, period.start), lt(usageEvents.createdAt, period.end));
  // One after another: PGlite runs one query at a time anyway, and a pool connection each buys little here.
  return {
    from: query.from,
    to: query.to,
    daily_active_users: await dailyActiveUsers(db, query, inPeriod),
    events: await eventsPerDay(db, inPeriod),
    totals: await totals(db, inPeriod),
    top_projects: await topProjects(db, inPeriod),
  };
}
