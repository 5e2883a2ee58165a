import type { Activity, ActivityPage, ActivityQuery } from '@deckhand/contract/activity';
import { and, desc, eq, lt } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { activities } from '../../../db/schema/activity';
import type { Actor } from '../../../platform/actor';
import { requireMembership } from '../../projects/queries/access';

type Row = typeof activities.$inferSelect;

/** An entry as the API shows it (and a webhook delivers it). */
export function toActivity(row: Row): Activity {
  return {
    id: row.id,
    project_id: row.projectId,
    card_id: row.cardId,
    task_id: row.taskId,
    chat_id: row.chatId,
    file_id: row.fileId,
    actor: row.actorId ? { user_id: row.actorId, name: row.actorName ?? 'User' } : null,
    verb: row.verb,
    subject: row.subject,
    changes: row.changes,
    ...(row.member && { member: row.member }),
    ...(row.via && { via: row.via }),
    created_at: row.createdAt.toISOString(),
  };
}

/**
 * A project's history, newest first: all of it, a card's (with its tasks', chats' and files'), or a task's.
 * Members and viewers read it. @throws projects/not-found (not a member)
 */
export async function listActivity(
  db: Db,
  actor: Actor,
  input: ActivityQuery & { projectId: string },
): Promise<ActivityPage> {
  await requireMembership(db, input.projectId, actor.userId);
  const rows = await db
    .select()
    .from(activities)
    .where(
      and(
        eq(activities.projectId, input.projectId),
        input.card_id ? eq(activities.cardId, input.card_id) : undefined,
        input.task_id ? eq(activities.taskId, input.task_id) : undefined,
        input.cursor ? lt(activities.id, input.cursor) : undefined,
      ),
    )
    .orderBy(desc(activities.id))
    .limit(input.limit + 1);
  const page = rows.slice(0, input.limit);
  const last = page.at(-1);
  return {
    items: page.map(toActivity),
    next_cursor: rows.length > input.limit && last ? last.id : null,
  };
}
