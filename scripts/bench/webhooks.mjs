// 16. Webhooks (issue 27): 1,000 task moves with 5 webhooks subscribed to `task.moved`, all sent to a receiver in
// this process (webhook-receiver.mjs). Targets: each delivery arrives exactly once; p99 from commit to arrival
// ≤ 1 s; and the moves, run as the board section runs them (autocannon, 20 connections), keep ≥ 90 % of the
// throughput of the same moves without webhooks. That comparison is made here, on the same server seconds apart,
// rather than against the board section's figure: its moves pick among 5,000 tasks and 10 columns (Done among
// them, which records task.completed instead) over 10 s, and ran at another moment of a shared machine.
import { setTimeout as delay } from 'node:timers/promises';
import { callApi } from './api-client.mjs';
import { registerAccounts } from './bench-accounts.mjs';
import { mapWithConcurrency } from './concurrency.mjs';
import { startServerProfile } from './cpu-profile.mjs';
import { inspectorEnv } from './inspector-client.mjs';
import { startCpuMeter, waitForQuietCpu } from './process-cpu.mjs';
import { printProfileSummary } from './profile-summary.mjs';
import { createBenchRedisPrefix } from './redis-prefix.mjs';
import { formatMs } from './report.mjs';
import { findFreePort, startHealthyServer, stopServerNoting } from './server-process.mjs';
import { reportDeliveries } from './webhook-deliveries.mjs';
import { runMoves } from './webhook-moves.mjs';
import { startWebhookReceiver } from './webhook-receiver.mjs';

const moveCount = 1000;
const webhookCount = 5;
const cardCount = 10;
const creationsInFlight = 8;
const historyTimeoutMs = 60_000;
/** Bounds the wait for the 5,000 deliveries; at the target's pace they all arrive within a second of the moves. */
const arrivalTimeoutMs = 60_000;
/**
 * After the last expected delivery: longer than the dispatcher's 5 s sweep, the one path that would send a
 * delivery again whose success went unrecorded, so a duplicate has the chance to show.
 */
const quietMs = 6000;

const number = (n) => n.toLocaleString('en');

/** A project whose `moveCount` tasks all sit in To do, spread over `cardCount` cards. */
async function setUpTasks(baseUrl, token) {
  const project = await callApi(baseUrl, 'POST', '/api/projects', { token, body: { name: 'Webhooks' }, expect: 201 });
  const statuses = await callApi(baseUrl, 'GET', `/api/projects/${project.id}/statuses`, { token });
  const toDo = statuses.find((s) => s.category === 'todo');
  const inProgress = statuses.find((s) => s.category === 'in_progress');
  if (!toDo || !inProgress) throw new Error('a new project has no To do or In progress column');
  const cardIds = [];
  for (let i = 0; i < cardCount; i += 1) {
    const body = { title: `Feature ${i + 1}` };
    cardIds.push(
      (await callApi(baseUrl, 'POST', `/api/projects/${project.id}/cards`, { token, body, expect: 201 })).id,
    );
  }
  const taskIds = await mapWithConcurrency(
    Array.from({ length: moveCount }, (_, i) => i),
    creationsInFlight,
    async (i) => {
      const body = { title: `Task number ${i + 1}`, status_id: toDo.id };
      return (
        await callApi(baseUrl, 'POST', `/api/cards/${cardIds[i % cardCount]}/tasks`, { token, body, expect: 201 })
      ).id;
    },
  );
  return { projectId: project.id, cardId: cardIds[0], taskIds, toDo, inProgress };
}

/**
 * Waits until the server has written the history of the moves just made. It is written in batches behind the
 * moves, and it is what webhooks deliver: moves of one round still unwritten when the next starts would slow it,
 * or, when the webhooks are made meanwhile, be delivered as if they were moves of the measured round. A card is
 * renamed after the moves and its entry awaited: batches are written in order, so all before it are written.
 */
async function waitForHistory(server, token, { projectId, cardId }, { what, lastAnswer }) {
  const title = `Feature 1 (after ${what})`;
  await callApi(server.url, 'PATCH', `/api/cards/${cardId}`, { token, body: { title } });
  const deadline = performance.now() + historyTimeoutMs;
  for (;;) {
    const page = await callApi(server.url, 'GET', `/api/projects/${projectId}/activity?limit=5`, { token });
    if (page.items.some((entry) => entry.verb === 'card.renamed' && entry.subject === title)) break;
    if (performance.now() > deadline) throw new Error(`the history of "${what}" not written in ${historyTimeoutMs} ms`);
    await delay(50);
  }
  console.log(`  ${what}: its history was written ${formatMs(performance.now() - lastAnswer)} after the last answer`);
  await waitForQuietCpu([server.pid]);
}

/** `runMoves` with the server's (and a local PostgreSQL's) CPU time per move printed beside it. */
async function runMeteredMoves(server, token, fixture, statusId, { what, database }) {
  const meter = startCpuMeter([server.pid], { database });
  const run = await runMoves(server.url, token, fixture.taskIds, statusId);
  const cpu = meter.stop();
  const perMove = (ms) => `${((ms / fixture.taskIds.length) * 1000).toFixed(0)} µs`;
  const db = cpu.databaseMs === undefined ? '' : `, database ${perMove(cpu.databaseMs)}`;
  console.log(
    `  ${what}: ${run.movesPerS.toFixed(0)} moves/s, p99 ${formatMs(run.p99Ms)}; CPU per move: server ` +
      `${perMove(cpu.serversMs[0])}${db}, bench ${perMove(cpu.benchMs)}`,
  );
  return { ...run, cpu };
}

async function createWebhooks(baseUrl, token, projectId, receiver) {
  const ids = [];
  for (let hook = 0; hook < webhookCount; hook += 1) {
    const body = { url: receiver.urlOf(hook), events: ['task.moved'], description: `Bench receiver ${hook}` };
    ids.push((await callApi(baseUrl, 'POST', `/api/projects/${projectId}/webhooks`, { token, body, expect: 201 })).id);
  }
  return ids;
}

/** The warm-up round and the round without webhooks, each followed by its history; resolves to the second. */
async function measureWithout(server, token, fixture, database) {
  const rounds = [
    // Not counted: neither measured round should pay for the server's JIT warming up.
    { what: 'warm-up', statusId: fixture.inProgress.id },
    { what: 'without webhooks', statusId: fixture.toDo.id },
  ];
  let run;
  await waitForQuietCpu([server.pid]);
  for (const { what, statusId } of rounds) {
    run = await runMeteredMoves(server, token, fixture, statusId, { what, database });
    await waitForHistory(server, token, fixture, { what, lastAnswer: run.lastAnswer });
  }
  return run;
}

/** Makes the webhooks, moves the tasks back and waits for the deliveries; resolves to { webhookIds, withHooks }. */
async function measureWith(server, token, fixture, { receiver, database, without, profilePort }) {
  const webhookIds = await createWebhooks(server.url, token, fixture.projectId, receiver);
  await waitForQuietCpu([server.pid]);
  const expected = fixture.taskIds.length * webhookCount;
  const meter = startCpuMeter([server.pid], { database });
  const profiler = profilePort ? await startServerProfile(profilePort) : undefined;
  const what = `with ${webhookCount} webhooks`;
  const withHooks = await runMeteredMoves(server, token, fixture, fixture.inProgress.id, { what, database });
  if (!(await receiver.waitForArrivals(expected, arrivalTimeoutMs))) {
    const arrived = number(receiver.arrivals.length);
    console.log(`  ✘ ${arrived} of ${number(expected)} deliveries after ${arrivalTimeoutMs / 1000} s`);
  }
  const cpu = meter.stop();
  if (profiler) printProfileSummary(`${what}, from the first move to the last delivery`, await profiler.stop());
  const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
  const db = (of) => (of.databaseMs === undefined ? '' : `, database ${seconds(of.databaseMs)}`);
  console.log(
    `  CPU from the first move to the last delivery: server ${seconds(cpu.serversMs[0])}${db(cpu)} ` +
      `(the moves without webhooks: server ${seconds(without.cpu.serversMs[0])}${db(without.cpu)})`,
  );
  await delay(quietMs);
  return { webhookIds, withHooks };
}

/**
 * Adds the webhook figures for one database (PostgreSQL when databaseUrl is given, else PGlite; with redisUrl too,
 * the server also runs with Redis, as a deployment of several instances would).
 */
export async function measureWebhooks(report, { label, workDir, databaseUrl, redisUrl, profile = false }) {
  const receiver = await startWebhookReceiver();
  const profilePort = profile ? await findFreePort() : undefined;
  const env = {
    TRUST_PROXY: 'true',
    // The receiver is on loopback, which the server refuses to send to unless allowed.
    WEBHOOK_ALLOWED_HOSTS: '127.0.0.1',
    ...(databaseUrl && { DATABASE_URL: databaseUrl }),
    ...(redisUrl && { REDIS_URL: redisUrl, REDIS_KEY_PREFIX: createBenchRedisPrefix(redisUrl) }),
    ...(profilePort && inspectorEnv(profilePort)),
  };
  const name = `webhooks-${label.toLowerCase().replace(/[^a-z]+/g, '-')}`;
  const server = await startHealthyServer(workDir, name, env);
  try {
    const [owner] = await registerAccounts(server.url, { count: 1, label: name });
    const token = owner.idToken;
    const fixture = await setUpTasks(server.url, token);
    const database = Boolean(databaseUrl);
    const without = await measureWithout(server, token, fixture, database);
    const { webhookIds, withHooks } = await measureWith(server, token, fixture, {
      receiver,
      database,
      without,
      profilePort,
    });
    await reportDeliveries(report, {
      label,
      server,
      token,
      receiver,
      webhookIds,
      taskIds: fixture.taskIds,
      statusId: fixture.inProgress.id,
      without,
      withHooks,
    });
  } finally {
    await stopServerNoting(server, name);
    await receiver.close();
  }
}
