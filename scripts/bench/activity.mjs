// 13. The activity history of a card with 10,000 entries: its first page (50, newest first), one client at a
// time. The entries are made through the API, as people make them: moves of the card's tasks between two
// columns, each one entry (task.moved), written by the activity subscriber in its batches.
import pg from 'pg';
import { callApi } from './api-client.mjs';
import { registerAccounts } from './bench-accounts.mjs';
import { mapWithConcurrency } from './concurrency.mjs';
import { timeGets } from './latency-stats.mjs';
import { formatMs } from './report.mjs';
import { startHealthyServer, stopServerNoting } from './server-process.mjs';

const entryCount = 10_000;
const taskCount = 20;
const rounds = 200;
const targets = { firstPageP50Ms: 10 };

/** Adds the activity figures on PostgreSQL (the entries are counted in the database as they land). */
export async function measureActivity(report, { workDir, databaseUrl }) {
  const label = 'PostgreSQL';
  const server = await startHealthyServer(workDir, `activity-${label}`, { DATABASE_URL: databaseUrl });
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const [owner] = await registerAccounts(server.url, { count: 1, label: `activity-${label}` });
    const token = owner.idToken;
    const project = await callApi(server.url, 'POST', '/api/projects', {
      token,
      body: { name: 'History' },
      expect: 201,
    });
    const statuses = await callApi(server.url, 'GET', `/api/projects/${project.id}/statuses`, { token });
    const [first, second] = statuses;
    const card = await callApi(server.url, 'POST', `/api/projects/${project.id}/cards`, {
      token,
      body: { title: 'A busy card' },
      expect: 201,
    });
    const taskIds = [];
    for (let i = 0; i < taskCount; i += 1) {
      const task = await callApi(server.url, 'POST', `/api/cards/${card.id}/tasks`, {
        token,
        body: { title: `Busy task ${i + 1}`, status_id: first.id },
        expect: 201,
      });
      taskIds.push(task.id);
    }
    const started = performance.now();
    // Each round moves every task to the other column: one entry per move.
    const movesPerTask = Math.ceil(entryCount / taskCount);
    await mapWithConcurrency(taskIds, 8, async (taskId) => {
      for (let i = 0; i < movesPerTask; i += 1) {
        const to = i % 2 === 0 ? second : first;
        await callApi(server.url, 'POST', `/api/tasks/${taskId}/move`, { token, body: { status_id: to.id } });
      }
    });
    const count = async () =>
      Number((await client.query('SELECT count(*) AS n FROM activities WHERE card_id = $1', [card.id])).rows[0].n);
    // The entries land in batches right after the moves: poll the database for them, within a deadline.
    const deadline = Date.now() + 30_000;
    while ((await count()) < entryCount) {
      if (Date.now() > deadline) throw new Error(`only ${await count()} of ${entryCount} entries after 30 s`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    console.log(`  ${await count()} entries on the card in ${formatMs(performance.now() - started)}`);
    await client.query('ANALYZE activities');
    const base = `${server.url}/api/projects/${project.id}/activity`;
    const cardPage = await timeGets(`${base}?card_id=${card.id}`, token, rounds);
    const taskPage = await timeGets(`${base}?task_id=${taskIds[0]}`, token, rounds);
    report.add({
      name: `activity (${label}), a card with ${entryCount.toLocaleString('en')} entries: first page of 50`,
      figure: `p50 ${formatMs(cardPage.p50)}, p99 ${formatMs(cardPage.p99)}`,
      target: `p50 ≤ ${targets.firstPageP50Ms} ms`,
      met: cardPage.p50 <= targets.firstPageP50Ms,
    });
    report.add({
      name: `activity (${label}), one of its tasks (${movesPerTask} entries): first page of 50`,
      figure: `p50 ${formatMs(taskPage.p50)}, p99 ${formatMs(taskPage.p99)}`,
    });
  } finally {
    await client.end();
    await stopServerNoting(server, `activity-${label}`);
  }
}
