import { type ActivityChanges, type ActivityPerson, activityLimits } from '@deckhand/contract/activity';
import { and, desc, eq, gt, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps';
import { prepareRows } from '../../db/rows';
import { activities } from '../../db/schema/activity';
import { uuidv7 } from '../../platform/ids';
import { writeBehindDelayMs } from '../../platform/write-behind';
import { publishToMembers } from '../projects/queries/audience';
import { type ActivityRow, insertActivities } from './insert-activities';
import type { PendingActivity } from './pending';
import { toActivity } from './queries/list-activity';

/** A name by id: the people and statuses a batch of entries names, read once per batch. */
const NameRow = z.object({ id: z.string(), name: z.string() });
// Prepared: a busy board writes a batch every 20–100 ms (platform/write-behind.ts), and building these with the
// query builder cost more CPU than the database spent answering them.
const peopleNames = prepareRows(
  'activity_people_names',
  NameRow,
  sql`select user_id as id, name from profiles where user_id = any(${sql.placeholder('ids')}::uuid[])`,
);
const statusNames = prepareRows(
  'activity_status_names',
  NameRow,
  sql`select id, name from task_statuses where id = any(${sql.placeholder('ids')}::uuid[])`,
);

const batchMaxEntries = 500;
const projectTellDelayMs = 1000;

export interface ActivityRecorder {
  record(entry: PendingActivity): void;
  /** Writes what is waiting (and waits for a write under way); for shutdown and tests. */
  flush(): Promise<void>;
}

/**
 * The history is written in batches, like usage events: a busy board records a move many times a second, and
 * one insert per move would cost as much as the move. The names of the people and statuses of a batch are read in
 * one query each. An entry waits at most `writeBehindDelayMs(db)`; what waits when the process dies is lost (the
 * history is not among the effects that must survive a crash, which go through the outbox).
 */
export function createActivityRecorder(deps: AppDeps): ActivityRecorder {
  const { db, log } = deps;
  const batchDelayMs = writeBehindDelayMs(db);
  const waiting: PendingActivity[] = [];
  /** A drain is queued behind the write under way: later calls need not queue another. */
  let drainQueued = false;
  let timer: NodeJS.Timeout | null = null;
  let writing: Promise<void> = Promise.resolve();
  const projectTells = new Map<string, NodeJS.Timeout>();

  async function namesOf(batch: PendingActivity[]) {
    const userIds = new Set<string>();
    const statusIds = new Set<string>();
    for (const entry of batch) {
      if (entry.actorId) userIds.add(entry.actorId);
      for (const id of [...(entry.assignees?.from ?? []), ...(entry.assignees?.to ?? [])]) userIds.add(id);
      for (const status of [entry.status?.from, entry.status?.to]) if (status && !status.name) statusIds.add(status.id);
    }
    const [people, statuses] = await Promise.all([
      userIds.size === 0 ? [] : peopleNames.execute(db, { ids: [...userIds] }),
      statusIds.size === 0 ? [] : statusNames.execute(db, { ids: [...statusIds] }),
    ]);
    return {
      person: new Map(people.map((p) => [p.id, p.name])),
      status: new Map(statuses.map((s) => [s.id, s.name])),
    };
  }

  /**
   * When each person's body edit of a card was last recorded here: a busy card is stored every few seconds by
   * each of its editors, and only the first store of ten minutes is an entry, so most are dropped without a query.
   */
  const bodyEditsRecorded = new Map<string, number>();

  function forgetOldBodyEdits(now: number): void {
    if (bodyEditsRecorded.size < 10_000) return;
    for (const [key, at] of bodyEditsRecorded) {
      if (now - at >= activityLimits.bodyEditWindowMs) bodyEditsRecorded.delete(key);
    }
  }

  /** Drops a body edit when the same person's edit of that card is already in the history of the last 10 minutes. */
  async function withoutRepeatedBodyEdits(batch: PendingActivity[]): Promise<PendingActivity[]> {
    const kept: PendingActivity[] = [];
    const seen = new Set<string>();
    for (const entry of batch) {
      if (entry.verb !== 'card.body_edited' || !entry.cardId || !entry.actorId) {
        kept.push(entry);
        continue;
      }
      const key = `${entry.cardId}:${entry.actorId}`;
      const at = entry.at.getTime();
      const recordedAt = bodyEditsRecorded.get(key);
      if (seen.has(key) || (recordedAt !== undefined && at - recordedAt < activityLimits.bodyEditWindowMs)) continue;
      seen.add(key);
      // Another instance may have recorded it: the history itself says.
      const since = new Date(at - activityLimits.bodyEditWindowMs);
      const [recent] = await db
        .select({ createdAt: activities.createdAt })
        .from(activities)
        .where(
          and(
            eq(activities.cardId, entry.cardId),
            eq(activities.actorId, entry.actorId),
            eq(activities.verb, 'card.body_edited'),
            gt(activities.createdAt, since),
          ),
        )
        .orderBy(desc(activities.createdAt))
        .limit(1);
      forgetOldBodyEdits(at);
      bodyEditsRecorded.set(key, recent ? recent.createdAt.getTime() : at);
      if (!recent) kept.push(entry);
    }
    return kept;
  }

  async function write(pending: PendingActivity[]): Promise<void> {
    const batch = await withoutRepeatedBodyEdits(pending);
    if (batch.length === 0) return;
    const names = await namesOf(batch);
    const person = (userId: string): ActivityPerson => ({ user_id: userId, name: names.person.get(userId) ?? 'User' });
    const rows = batch.map((entry): ActivityRow => {
      const changes: ActivityChanges = { ...entry.changes };
      if (entry.status) {
        const named = (s: { id: string; name?: string } | null) =>
          s ? { id: s.id, name: s.name ?? names.status.get(s.id) ?? 'Deleted status' } : null;
        changes.status = { from: named(entry.status.from), to: named(entry.status.to) };
      }
      if (entry.assignees) {
        changes.assignees = { from: entry.assignees.from.map(person), to: entry.assignees.to.map(person) };
      }
      return {
        id: uuidv7(),
        projectId: entry.projectId,
        cardId: entry.cardId ?? null,
        taskId: entry.taskId ?? null,
        chatId: entry.chatId ?? null,
        fileId: entry.fileId ?? null,
        actorId: entry.actorId,
        actorName: entry.actorId ? person(entry.actorId).name : null,
        via: entry.via ?? null,
        verb: entry.verb,
        subject: entry.subject,
        changes,
        member: entry.member ? { user_id: entry.member.userId, name: entry.member.name } : null,
        createdAt: entry.at,
      };
    });
    let recorded = rows;
    try {
      await insertActivities(db, rows);
    } catch (err) {
      if (rows.length === 1) {
        // Its project was deleted meanwhile (the foreign key refuses it): nothing is left to show it in.
        log.warn({ err, verb: rows[0]?.verb }, 'activity entry not recorded');
        return;
      }
      recorded = [];
      for (const row of rows) {
        await insertActivities(db, [row])
          .then(() => recorded.push(row))
          .catch((rowErr: unknown) => log.warn({ err: rowErr, verb: row.verb }, 'activity entry not recorded'));
      }
    }
    // Webhooks deliver the history as it is written (modules/webhooks).
    await deps.events.committed([{ type: 'activity.recorded', actor: null, entries: recorded.map(toActivity) }]);
    const told = new Set<string>();
    for (const row of rows) {
      if (!row.cardId && !row.taskId) {
        tellLater(row.projectId);
        continue;
      }
      const key = `${row.projectId}:${row.cardId}:${row.taskId}`;
      if (told.has(key)) continue;
      told.add(key);
      await tell(row.projectId, row.cardId, row.taskId);
    }
  }

  function tell(projectId: string, cardId: string | null, taskId: string | null): Promise<void> {
    return publishToMembers(deps, projectId, {
      type: 'activity_created',
      project_id: projectId,
      card_id: cardId,
      task_id: taskId,
    });
  }

  /**
   * A project's own entries (a rename, a member, a column) are told once a second at most: each goes to every
   * member, and a project of a thousand members renamed in a burst would otherwise send each of them the change
   * and its history twice. Entries of cards and tasks are told at once: that is where people watch them.
   */
  function tellLater(projectId: string): void {
    if (projectTells.has(projectId)) return;
    const timer = setTimeout(() => {
      projectTells.delete(projectId);
      tell(projectId, null, null).catch((err: unknown) => log.error({ err }, 'activity_created not sent'));
    }, projectTellDelayMs);
    timer.unref();
    projectTells.set(projectId, timer);
  }

  /**
   * Writes what waits once the write under way is done, taking everything that arrived meanwhile (in batches of
   * at most `batchMaxEntries`). Cut when the timer fired instead, a busy board's batches queued up behind a write
   * slower than the delay, and the history (and the webhooks that follow it) fell seconds behind. What arrives
   * during a write waits for its own timer unless a whole batch is waiting: written back to back instead, a busy
   * board's history took a write (three statements) every few milliseconds, about four times as many as every 20 ms
   * (the delay then).
   */
  function startWrite(): Promise<void> {
    if (timer) clearTimeout(timer);
    timer = null;
    if (drainQueued) return writing;
    drainQueued = true;
    writing = writing.then(async () => {
      drainQueued = false;
      do {
        const batch = waiting.splice(0, batchMaxEntries);
        if (batch.length === 0) break;
        await write(batch).catch((err: unknown) => log.error({ err }, 'activity batch not recorded'));
      } while (waiting.length >= batchMaxEntries);
      // What was recorded while a whole batch waited asked for this drain instead of a timer: it gets one now.
      if (waiting.length > 0) timer ??= setTimeout(() => void startWrite(), batchDelayMs);
    });
    return writing;
  }

  return {
    record(entry) {
      waiting.push(entry);
      if (waiting.length >= batchMaxEntries) void startWrite();
      else timer ??= setTimeout(() => void startWrite(), batchDelayMs);
    },
    async flush() {
      do await startWrite();
      while (waiting.length > 0);
      const pending = [...projectTells.keys()];
      for (const timer of projectTells.values()) clearTimeout(timer);
      projectTells.clear();
      for (const projectId of pending) await tell(projectId, null, null);
    },
  };
}
