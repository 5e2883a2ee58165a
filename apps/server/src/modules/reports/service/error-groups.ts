import type { ErrorGroup, ErrorGroupListQuery } from '@deckhand/contract/reports';
import { desc, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { errorGroups, errorGroupUsers } from '../../../db/schema/reports';
import type { Actor } from '../../../platform/actor';
import { type AdminDeps, requireInstanceAdmin } from '../../admin/queries/instance-admin';
import type { ErrorReport } from '../intake/read-envelope';

/** Adds one event to its group (creating the group on first sight); returns the group's id. */
export async function recordErrorEvent(db: Db, report: ErrorReport, receivedAt: Date): Promise<string> {
  const { key, event } = report;
  const [group] = await db
    .insert(errorGroups)
    .values({
      fingerprint: key.fingerprint,
      title: key.title,
      culprit: key.culprit,
      latestEvent: event,
      firstSeenAt: receivedAt,
      lastSeenAt: receivedAt,
    })
    .onConflictDoUpdate({
      target: errorGroups.fingerprint,
      set: {
        count: sql`${errorGroups.count} + 1`,
        latestEvent: event,
        culprit: key.culprit,
        lastSeenAt: sql`greatest(${errorGroups.lastSeenAt}, excluded.last_seen_at)`,
      },
    })
    .returning({ id: errorGroups.id });
  if (!group) throw new Error('error group upsert returned no row');
  if (event.user_id) {
    await db.insert(errorGroupUsers).values({ groupId: group.id, userId: event.user_id }).onConflictDoNothing();
  }
  return group.id;
}

const userCount = sql<number>`(select count(*)::int from ${errorGroupUsers} where ${errorGroupUsers.groupId} = ${errorGroups.id})`;

/**
 * Most recently seen first.
 * @throws admin/not-found (not an instance admin)
 */
export async function listErrorGroups(
  deps: AdminDeps,
  actor: Actor | null,
  query: ErrorGroupListQuery,
): Promise<ErrorGroup[]> {
  await requireInstanceAdmin(deps, actor);
  const rows = await deps.db
    .select({ group: errorGroups, users: userCount })
    .from(errorGroups)
    .orderBy(desc(errorGroups.lastSeenAt), desc(errorGroups.id))
    .limit(query.limit)
    .offset(query.offset);
  return rows.map(({ group, users }) => ({
    id: group.id,
    title: group.title,
    culprit: group.culprit,
    count: group.count,
    users,
    first_seen: group.firstSeenAt.toISOString(),
    last_seen: group.lastSeenAt.toISOString(),
    latest_event: group.latestEvent,
  }));
}
