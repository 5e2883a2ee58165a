import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { isoTimestamp } from '../../../db/iso-timestamp';
import { cards } from '../../../db/schema/cards';
import { profiles } from '../../../db/schema/profiles';
import { projectMembers } from '../../../db/schema/projects';
import { tasks } from '../../../db/schema/tasks';
import { changedNow } from './clock';
import { taskAuthorJoin, taskCardJoin, taskColumns } from './task-dto';

/**
 * The statements of the two hot paths, moving and creating tasks, prepared once per database: building a query
 * with drizzle costs more CPU than the database spends running it (a third of a move's server time when it was
 * built per request), and PostgreSQL keeps the plan of a named statement.
 *
 * Raw names in the subqueries: drizzle leaves a one-table select's columns unqualified (see board-version.ts).
 */
/** taskColumns without the two read from other tables (the card's title, the author's current name). */
const { cardTitle: _cardTitle, createdByName: _createdByName, ...taskOwnColumns } = taskColumns;

function prepare(db: Db) {
  const statusId = sql.placeholder('statusId');
  /** The status `statusId` of the project `project` (or its first, when statusId is null). */
  const pick = (project: SQL) =>
    sql`from task_statuses ps where ps.project_id = ${project}
      and (${statusId}::uuid is null or ps.id = ${statusId}::uuid) order by ps.position limit 1`;
  const picked = (project: SQL) => ({
    pickedStatusId: sql<string | null>`(select ps.id ${pick(project)})`,
    pickedStatusCategory: sql<'todo' | 'in_progress' | 'done' | null>`(select ps.category ${pick(project)})`,
  });

  /** The key of the task `name` when it is in the status `statusId`. */
  const keyOf = (name: string) =>
    sql`(select nk.position from tasks nk where nk.id = ${sql.placeholder(name)}::uuid
      and nk.status_id = ${statusId}::uuid)`;
  /** The nearest key of that status past `key` (after: above it, before: below it), the moving task left out. */
  const nextTo = (key: SQL, side: 'after' | 'before') =>
    sql<string | null>`(select nn.position from tasks nn where nn.status_id = ${statusId}::uuid
      and nn.id <> tasks.id and nn.position ${side === 'after' ? sql`>` : sql`<`} ${key}
      order by nn.position ${side === 'after' ? sql`asc` : sql`desc`} limit 1)`;

  /** The last key of the status `statusId`, the task being moved left out. */
  const lastKeyButMoving = sql<string | null>`(select lk.position from tasks lk where lk.status_id = ${statusId}::uuid
    and lk.id <> tasks.id order by lk.position desc limit 1)`;
  /** The caller's membership of the task's project (the caller is `userId`). */
  const callerMembership = and(
    eq(projectMembers.projectId, tasks.projectId),
    eq(projectMembers.userId, sql.placeholder('userId')),
  );

  /**
   * A task with the caller's role, the status to move it to, that status's last key but the task's own, and the
   * keys around `afterId` or `beforeId`: every key the move needs, so that it is this read and one write.
   */
  const moveRead = db
    .select({
      ...taskColumns,
      role: projectMembers.role,
      ...picked(sql`tasks.project_id`),
      lastKey: lastKeyButMoving,
      afterKey: sql<string | null>`${keyOf('afterId')}`,
      afterNextKey: nextTo(keyOf('afterId'), 'after'),
      beforeKey: sql<string | null>`${keyOf('beforeId')}`,
      beforePrevKey: nextTo(keyOf('beforeId'), 'before'),
    })
    .from(tasks)
    .innerJoin(cards, taskCardJoin)
    .innerJoin(projectMembers, callerMembership)
    .leftJoin(profiles, taskAuthorJoin)
    .where(eq(tasks.id, sql.placeholder('taskId')))
    .prepare('task_move_read');

  /** One row written: status, key and done_at (set on entering a done status, kept within, cleared leaving). */
  const moveWrite = db
    .update(tasks)
    .set({
      statusId: sql`${statusId}::uuid`,
      position: sql`${sql.placeholder('position')}`,
      updatedAt: changedNow,
      doneAt: sql`case when ${sql.placeholder('done')}::boolean
        then coalesce(${tasks.doneAt}, ${sql.placeholder('now')}::timestamptz) end`,
    })
    .where(eq(tasks.id, sql.placeholder('taskId')))
    .returning({
      position: tasks.position,
      doneAt: sql<string | null>`${isoTimestamp(tasks.doneAt)}`,
      updatedAt: isoTimestamp(tasks.updatedAt),
    })
    .prepare('task_move_write');

  /**
   * A move to a status's end in one statement: the subquery reads the caller's role, the status and its last key
   * (the moving task left out), and the update writes the key after it (order_key_after, migration 0014). No row
   * comes back when the move cannot be made here (no such task or membership, a role in `writerRoles` missing, a
   * status not of the project, a reopening that needs reminders); the caller then takes the two-statement path,
   * which says why or makes it.
   */
  const target = db
    .select({
      id: sql<string>`tasks.id`.as('target_id'),
      role: sql<string>`${projectMembers.role}`.as('target_role'),
      statusId: sql<string | null>`(select ps.id ${pick(sql`tasks.project_id`)})`.as('target_status_id'),
      category: sql<string | null>`(select ps.category ${pick(sql`tasks.project_id`)})`.as('target_category'),
      lastKey: sql<string | null>`${lastKeyButMoving}`.as('target_last_key'),
      cardTitle: sql<string>`${cards.title}`.as('target_card_title'),
      authorName: sql<string>`coalesce(${profiles.name}, tasks.created_by_name)`.as('target_author_name'),
      previousDoneAt: sql<string | null>`${isoTimestamp(tasks.doneAt)}`.as('target_previous_done_at'),
      previousStatusId: sql<string>`tasks.status_id`.as('target_previous_status_id'),
      /**
       * A reopening of a task that is due and assigned calls for reminders, which must not be lost: such a move
       * takes the transactional path, where the outbox row is written with it.
       */
      reopensReminded: sql<boolean>`(tasks.done_at is not null and tasks.due_at is not null
        and cardinality(tasks.assignee_ids) > 0)`.as('target_reopens_reminded'),
    })
    .from(tasks)
    .innerJoin(cards, taskCardJoin)
    .innerJoin(projectMembers, callerMembership)
    .leftJoin(profiles, taskAuthorJoin)
    .where(eq(tasks.id, sql.placeholder('taskId')))
    .as('target');
  const moveToEnd = db
    .update(tasks)
    .set({
      statusId: sql`${target.statusId}`,
      position: sql`order_key_after(${target.lastKey}, ${sql.placeholder('r1')}::int, ${sql.placeholder('r2')}::int)`,
      updatedAt: changedNow,
      doneAt: sql`case when ${target.category} = 'done' then coalesce(${tasks.doneAt}, ${sql.placeholder('now')}::timestamptz) end`,
    })
    .from(target)
    .where(
      and(
        eq(tasks.id, target.id),
        sql`${target.role} = any(${sql.placeholder('writerRoles')}::text[])`,
        sql`${target.statusId} is not null`,
        sql`not (${target.reopensReminded} and ${target.category} <> 'done')`,
      ),
    )
    // The task's own columns as written; the card's title and the author's name come from the subquery, since
    // an update's RETURNING sees only the tables it names.
    .returning({
      ...taskOwnColumns,
      cardTitle: target.cardTitle,
      createdByName: target.authorName,
      previousDoneAt: target.previousDoneAt,
      previousStatusId: target.previousStatusId,
    })
    .prepare('task_move_to_end');

  /** The card, the caller's role and name, the status a new task goes to and that status's last key. */
  const createContext = db
    .select({
      projectId: cards.projectId,
      cardTitle: cards.title,
      role: projectMembers.role,
      authorName: profiles.name,
      ...picked(sql`cards.project_id`),
      lastKey: sql<string | null>`(select lk.position from tasks lk
        where lk.status_id = (select ps.id ${pick(sql`cards.project_id`)}) order by lk.position desc limit 1)`,
      /** Which of the assignees asked for are members of the card's project. */
      memberAssignees: sql<string[]>`(select coalesce(array_agg(am.user_id), '{}') from project_members am
        where am.project_id = cards.project_id and am.user_id = any(${sql.placeholder('assigneeIds')}::uuid[]))`,
    })
    .from(cards)
    .innerJoin(
      projectMembers,
      and(eq(projectMembers.projectId, cards.projectId), eq(projectMembers.userId, sql.placeholder('userId'))),
    )
    .leftJoin(profiles, eq(profiles.userId, sql.placeholder('userId')))
    .where(eq(cards.id, sql.placeholder('cardId')))
    .prepare('task_create_context');

  const value = (name: string) => sql.placeholder(name);
  const createInsert = db
    .insert(tasks)
    .values({
      // Given with each call: a $defaultFn would run once, when the statement is prepared.
      id: value('id'),
      projectId: value('projectId'),
      cardId: value('cardId'),
      statusId: value('statusId'),
      title: value('title'),
      position: value('position'),
      assigneeIds: value('assigneeIds'),
      // Timestamps as ISO text in raw placeholders: drizzle's column encoder would call toISOString() on a null.
      dueAt: sql`${value('dueAt')}::timestamptz`,
      priority: value('priority'),
      labels: value('labels'),
      doneAt: sql`${value('doneAt')}::timestamptz`,
      createdBy: value('createdBy'),
      createdByName: value('createdByName'),
      createdAt: sql`${value('createdAt')}::timestamptz`,
      updatedAt: changedNow,
    })
    .returning({ id: tasks.id, position: tasks.position, updatedAt: isoTimestamp(tasks.updatedAt) })
    .prepare('task_create_insert');

  /**
   * A creation in one statement: the task goes in, at its status's end (order_key_after), only when the card
   * exists, the caller's role is in `writerRoles`, the status is the project's and every assignee is a member.
   * No row comes back otherwise (or the caller then takes the read-then-insert path, which says why). The
   * columns are the table's, in its order, as drizzle's insert … select requires.
   */
  const createInOne = db
    .insert(tasks)
    .select(
      sql`select ${value('id')}::uuid, c.project_id, c.id, s.id, ${value('title')}::text,
        order_key_after((select lk.position from tasks lk where lk.status_id = s.id order by lk.position desc limit 1),
          ${value('r1')}::int, ${value('r2')}::int),
        ${value('assigneeIds')}::uuid[], ${value('dueAt')}::timestamptz, ${value('priority')}::text,
        ${value('labels')}::text[], case when s.category = 'done' then ${value('now')}::timestamptz end, null, null,
        ${value('userId')}::uuid, coalesce(pr.name, 'User'), ${value('now')}::timestamptz, clock_timestamp()
      from cards c
      join project_members pm on pm.project_id = c.project_id and pm.user_id = ${value('userId')}::uuid
      left join profiles pr on pr.user_id = ${value('userId')}::uuid
      join lateral (select ps.id, ps.category from task_statuses ps where ps.project_id = c.project_id
        and (${statusId}::uuid is null or ps.id = ${statusId}::uuid) order by ps.position limit 1) s on true
      where c.id = ${value('cardId')}::uuid and pm.role = any(${value('writerRoles')}::text[])
        and (select count(*) from project_members am where am.project_id = c.project_id
          and am.user_id = any(${value('assigneeIds')}::uuid[])) = cardinality(${value('assigneeIds')}::uuid[])`,
    )
    .returning({
      id: tasks.id,
      projectId: tasks.projectId,
      cardTitle: sql<string>`(select ct.title from cards ct where ct.id = ${tasks.cardId})`,
      statusId: tasks.statusId,
      position: tasks.position,
      doneAt: sql<string | null>`${isoTimestamp(tasks.doneAt)}`,
      createdByName: tasks.createdByName,
      createdAt: isoTimestamp(tasks.createdAt),
      updatedAt: isoTimestamp(tasks.updatedAt),
    })
    .prepare('task_create_in_one');

  return { moveRead, moveWrite, moveToEnd, createContext, createInsert, createInOne };
}

export type TaskStatements = ReturnType<typeof prepare>;

const prepared = new WeakMap<Db, TaskStatements>();

export function taskStatements(db: Db): TaskStatements {
  let statements = prepared.get(db);
  if (!statements) {
    statements = prepare(db);
    prepared.set(db, statements);
  }
  return statements;
}
