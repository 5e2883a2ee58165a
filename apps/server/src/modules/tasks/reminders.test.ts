import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTeam, type Team } from '../../../test/support/projects';
import { createTestApp, type TestApp } from '../../../test/support/test-app';
import { notifications } from '../../db/schema/notifications';

// Reminders run from the job queue: these tests set due moments a few seconds ahead and wait for the worker,
// which looks for due jobs every 2 s. "Within 30 s of its moment" is the promise; they allow 15.
const arrivalMs = 15_000;

let t: TestApp;
let team: Team;
let cardId: string;
beforeAll(async () => {
  t = await createTestApp();
  team = await createTeam(t, 'Reminders project');
  const card = await t.request<{ id: string }>('POST', `/api/projects/${team.projectId}/cards`, {
    token: team.owner.token,
    body: { title: 'Deadlines' },
  });
  cardId = card.body.id;
});
afterAll(() => t.close());

function inSeconds(seconds: number): string {
  return new Date(Date.now() + seconds * 1000).toISOString();
}

async function newTask(title: string, dueAt: string | null, assignees = [team.member.id]): Promise<string> {
  const res = await t.request<{ id: string }>('POST', `/api/cards/${cardId}/tasks`, {
    token: team.owner.token,
    body: { title, due_at: dueAt, assignee_ids: assignees },
  });
  if (res.status !== 201) throw new Error(`task not created: ${res.text}`);
  return res.body.id;
}

async function reminders(app: TestApp, taskId: string, type: 'task_due' | 'task_overdue') {
  return app.database.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.taskId, taskId), eq(notifications.type, type)));
}

/** The first row of a raw query's result (PGlite and node-postgres both answer with `rows`). */
function firstRow(result: unknown): unknown {
  return typeof result === 'object' && result !== null && 'rows' in result && Array.isArray(result.rows)
    ? result.rows[0]
    : undefined;
}

async function settle(ms: number): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, ms));
}

describe('due-date reminders', () => {
  it('sends task_due at once when the moment is closer than 24 hours, in-app and by mail', async () => {
    const taskId = await newTask('Due within the day', inSeconds(3600));
    await expect.poll(async () => (await reminders(t, taskId, 'task_due')).length, { timeout: arrivalMs }).toBe(1);
    const [note] = await reminders(t, taskId, 'task_due');
    expect(note).toMatchObject({
      userId: team.member.id,
      projectId: team.projectId,
      cardId,
      title: 'Due soon: Due within the day',
    });
    const mail = await t.smtp.waitForMail(team.member.email, (m) => m.subject === 'Due soon: Due within the day');
    expect(mail.body).toContain(`/${team.projectId}/cards/${cardId}`);
  });

  it('sends task_due 24 hours before the moment, and task_overdue once it passes', async () => {
    const taskId = await newTask('Due tomorrow', inSeconds(24 * 3600 + 3));
    expect(await reminders(t, taskId, 'task_due')).toEqual([]);
    await expect.poll(async () => (await reminders(t, taskId, 'task_due')).length, { timeout: arrivalMs }).toBe(1);

    const soon = await newTask('Overdue soon', inSeconds(3));
    await expect.poll(async () => (await reminders(t, soon, 'task_overdue')).length, { timeout: arrivalMs }).toBe(1);
    const [note] = await reminders(t, soon, 'task_overdue');
    expect(note?.title).toBe('Overdue: Overdue soon');
    await t.smtp.waitForMail(team.member.email, (m) => m.subject === 'Overdue: Overdue soon');
  });

  it('sends again for a new due date, never twice for the same one', async () => {
    const taskId = await newTask('Re-dated', inSeconds(3600));
    await expect.poll(async () => (await reminders(t, taskId, 'task_due')).length, { timeout: arrivalMs }).toBe(1);
    // Same due date written again (the task is edited): no new reminder.
    await t.request('PATCH', `/api/tasks/${taskId}`, { token: team.owner.token, body: { title: 'Re-dated!' } });
    await t.request('PATCH', `/api/tasks/${taskId}`, { token: team.owner.token, body: { done: true } });
    await t.request('PATCH', `/api/tasks/${taskId}`, { token: team.owner.token, body: { done: false } });
    await settle(5000);
    expect((await reminders(t, taskId, 'task_due')).length).toBe(1);
    await t.request('PATCH', `/api/tasks/${taskId}`, { token: team.owner.token, body: { due_at: inSeconds(7200) } });
    await expect.poll(async () => (await reminders(t, taskId, 'task_due')).length, { timeout: arrivalMs }).toBe(2);
  });

  it('sends task_overdue at once for a moment long past, and keeps its job until it has run', async () => {
    const taskId = await newTask('Long overdue', '2024-03-01T09:00:00Z');
    const swept = await t.database.db.execute(
      sql`select count(*)::int as swept from pgboss.job where data->>'task_id' = ${taskId} and keep_until < now()`,
    );
    expect(firstRow(swept)).toEqual({ swept: 0 });
    await expect.poll(async () => (await reminders(t, taskId, 'task_overdue')).length, { timeout: arrivalMs }).toBe(1);
    expect(await reminders(t, taskId, 'task_due')).toEqual([]);
  });

  it('sends every reminder of a busy moment within the promised 30 s: 20 tasks due at once', async () => {
    const moment = inSeconds(3);
    const taskIds = await Promise.all(Array.from({ length: 20 }, (_, i) => newTask(`Rush ${i}`, moment)));
    await expect
      .poll(
        async () => {
          const sent = await Promise.all(taskIds.map((id) => reminders(t, id, 'task_overdue')));
          return sent.filter((notes) => notes.length === 1).length;
        },
        { timeout: arrivalMs },
      )
      .toBe(20);
  });

  it('sends nothing for a task completed or deleted before its moment', async () => {
    const done = await newTask('Finished early', inSeconds(4));
    const deleted = await newTask('Dropped', inSeconds(4));
    await t.request('PATCH', `/api/tasks/${done}`, { token: team.owner.token, body: { done: true } });
    await t.request('DELETE', `/api/tasks/${deleted}`, { token: team.owner.token });
    await settle(9000);
    expect(await reminders(t, done, 'task_overdue')).toEqual([]);
    expect(await reminders(t, deleted, 'task_overdue')).toEqual([]);
  });

  it('fires once with two instances on one database', async () => {
    const other = await createTestApp({}, { shareWith: t });
    try {
      const taskId = await newTask('Two workers', inSeconds(3));
      await expect
        .poll(async () => (await reminders(t, taskId, 'task_overdue')).length, { timeout: arrivalMs })
        .toBe(1);
      await settle(5000);
      expect((await reminders(t, taskId, 'task_overdue')).length).toBe(1);
      expect((await reminders(t, taskId, 'task_due')).length).toBe(1);
    } finally {
      await other.close();
    }
  });
});
