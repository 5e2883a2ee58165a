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
  const statusId = sql`${sql.placeholder('statusId')}`;
  /** The status `statusId` of the project `project` (or its first, when statusId is null). */
  const pick = (project: SQL, status: SQL = statusId) =>
    sql`from task_statuses ps where ps.project_id = ${project}
      and (${status}::uuid is null or ps.id = ${status}::uuid) order by ps.position limit 1`;
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

  /** The last key of the status `status`, the task being moved left out. */
  const lastKeyButMoving = (status: SQL = statusId) => sql<string | null>`(select lk.position from tasks lk
    where lk.status_id = ${status}::uuid and lk.id <> tasks.id order by lk.position desc limit 1)`;
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
      lastKey: lastKeyButMoving(),
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
  const targetFields = (status: SQL) => {
    const pickStatus = pick(sql`tasks.project_id`, status);
    return {
      id: sql<string>`tasks.id`.as('target_id'),
      role: sql<string>`${projectMembers.role}`.as('target_role'),
      statusId: sql<string | null>`(select ps.id ${pickStatus})`.as('target_status_id'),
      category: sql<string | null>`(select ps.category ${pickStatus})`.as('target_category'),
      lastKey: sql<string | null>`${lastKeyButMoving(status)}`.as('target_last_key'),
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
    };
  };
  const target = db
    .select(targetFields(statusId))
    .from(tasks)
    .innerJoin(cards, taskCardJoin)
    .innerJoin(projectMembers, callerMembership)
    .leftJoin(profiles, taskAuthorJoin)
    .where(eq(tasks.id, sql.placeholder('taskId')))
    .as('target');
  /** What a move to a status's end writes, from its target row and the random digits of its new key. */
  const moveToEndSet = (from: typeof target, r1: SQL, r2: SQL) => ({
    statusId: sql`${from.statusId}`,
    position: sql`order_key_after(${from.lastKey}, ${r1}, ${r2})`,
    updatedAt: changedNow,
    doneAt: sql`case when ${from.category} = 'done' then coalesce(${tasks.doneAt}, ${sql.placeholder('now')}::timestamptz) end`,
  });
  const moveToEndWhere = (from: typeof target) =>
    and(
      eq(tasks.id, from.id),
      sql`${from.role} = any(${sql.placeholder('writerRoles')}::text[])`,
      sql`${from.statusId} is not null`,
      sql`not (${from.reopensReminded} and ${from.category} <> 'done')`,
    );
  // The task's own columns as written; the card's title and the author's name come from the subquery, since
  // an update's RETURNING sees only the tables it names.
  const moveToEndReturning = (from: typeof target) => ({
    ...taskOwnColumns,
    cardTitle: from.cardTitle,
    createdByName: from.authorName,
    previousDoneAt: from.previousDoneAt,
    previousStatusId: from.previousStatusId,
  });
  const moveToEnd = db
    .update(tasks)
    .set(moveToEndSet(target, sql`${sql.placeholder('r1')}::int`, sql`${sql.placeholder('r2')}::int`))
    .from(target)
    .where(moveToEndWhere(target))
    .returning(moveToEndReturning(target))
    .prepare('task_move_to_end');

  /**
   * Several moves to a status's end as one statement (see batched-calls.ts): moveToEnd over the rows of arrays,
   * one element per move; each row written comes back with its move's place in the arrays (`ord`, from 1). Every
   * task appears once. Moves to one status take keys after the same last key, in no particular order among
   * themselves, as moves made at the same moment may.
   */
  const moves = sql`unnest(${sql.placeholder('taskIds')}::uuid[], ${sql.placeholder('userIds')}::uuid[],
    ${sql.placeholder('statusIds')}::uuid[], ${sql.placeholder('r1s')}::int[], ${sql.placeholder('r2s')}::int[])
    with ordinality as m(task_id, user_id, status_id, r1, r2, ord)`;
  const batchTarget = db
    .select({
      ...targetFields(sql`m.status_id`),
      ord: sql<number>`m.ord::int`.as('target_ord'),
      r1: sql<number>`m.r1`.as('target_r1'),
      r2: sql<number>`m.r2`.as('target_r2'),
    })
    .from(moves)
    .innerJoin(tasks, sql`tasks.id = m.task_id`)
    .innerJoin(cards, taskCardJoin)
    .innerJoin(
      projectMembers,
      and(eq(projectMembers.projectId, tasks.projectId), sql`${projectMembers.userId} = m.user_id`),
    )
    .leftJoin(profiles, taskAuthorJoin)
    // A batch never waits for a task another transaction holds (a move on the two-statement path, a status being
    // deleted): it leaves that task out, and its move then takes that path alone. Waiting could deadlock with a
    // statement that takes several tasks in another order.
    .for('update', { of: tasks, skipLocked: true })
    .as('target');
  const moveToEndBatch = db
    .update(tasks)
    .set(moveToEndSet(batchTarget, sql`${batchTarget.r1}`, sql`${batchTarget.r2}`))
    .from(batchTarget)
    .where(moveToEndWhere(batchTarget))
    .returning({ ord: batchTarget.ord, ...moveToEndReturning(batchTarget) })
    .prepare('task_move_to_end_batch');

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

  /** What a creation reads back: the columns the database set, and the card's title. */
  const createdReturning = {
    id: tasks.id,
    projectId: tasks.projectId,
    cardTitle: sql<string>`(select ct.title from cards ct where ct.id = ${tasks.cardId})`,
    statusId: tasks.statusId,
    position: tasks.position,
    doneAt: sql<string | null>`${isoTimestamp(tasks.doneAt)}`,
    createdByName: tasks.createdByName,
    createdAt: isoTimestamp(tasks.createdAt),
    updatedAt: isoTimestamp(tasks.updatedAt),
  };

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
    .returning(createdReturning)
    .prepare('task_create_in_one');

  /**
   * Several creations as one statement (see batched-calls.ts): createInOne over the rows of `creations`, a JSON
   * array with one object per task (id, user_id, card_id, status_id, title, assignee_ids, due_at, priority, labels,
   * r1, r2). Each task made comes back, with its id; one that may not be made is left out. Creations into one
   * status take keys after the same last key, in no particular order among themselves, as creations made at the
   * same moment may.
   *
   * A batch never waits for a card, status or project another transaction holds (one being deleted): it leaves
   * out the tasks that need it, and those are then made alone, on the path that waits. Waiting could deadlock
   * with a statement that takes several of them in another order.
   */
  const createInBatch = db
    .insert(tasks)
    .select(
      sql`select m.id, c.project_id, c.id, s.id, m.title,
        order_key_after((select lk.position from tasks lk where lk.status_id = s.id order by lk.position desc limit 1),
          m.r1, m.r2),
        m.assignee_ids, m.due_at, m.priority, m.labels,
        case when s.category = 'done' then ${value('now')}::timestamptz end, null, null,
        m.user_id, coalesce(pr.name, 'User'), ${value('now')}::timestamptz, clock_timestamp()
      from jsonb_to_recordset(${value('creations')}::jsonb) as m(id uuid, user_id uuid, card_id uuid, status_id uuid,
        title text, assignee_ids uuid[], due_at timestamptz, priority text, labels text[], r1 int, r2 int)
      join cards c on c.id = m.card_id
      join projects p on p.id = c.project_id
      join project_members pm on pm.project_id = c.project_id and pm.user_id = m.user_id
      left join profiles pr on pr.user_id = m.user_id
      join lateral (select ps.id, ps.category from task_statuses ps where ps.project_id = c.project_id
        and (m.status_id is null or ps.id = m.status_id) order by ps.position limit 1) s on true
      join task_statuses st on st.id = s.id
      where pm.role = any(${value('writerRoles')}::text[])
        and (select count(*) from project_members am where am.project_id = c.project_id
          and am.user_id = any(m.assignee_ids)) = cardinality(m.assignee_ids)
      for key share of c, p, st skip locked`,
    )
    .returning(createdReturning)
    .prepare('task_create_in_batch');

  return { moveRead, moveWrite, moveToEnd, moveToEndBatch, createContext, createInsert, createInOne, createInBatch };
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
