// 11. The kanban board of a project with 5,000 tasks in 10 statuses (Planka's equivalent: 5,000 cards in 10
// lists, measured here at show-board p50 356 ms; 2.9 req/s at 10 connections; moves 22.5 req/s at 20
// connections; 44.6 creations/s with 8 in flight; 12–15 s to open in Chromium). After a warm-up in a project of
// its own (see warmUp), the tasks are made through the API, 8 at a time, and that is the creation figure; then
// GET board alone and under 10 connections, moves under 20 connections, and the board opened in Chromium (see board-browser.mjs); on PGlite, then a restart holding the
// project (its time to healthy and peak RSS).
import http from 'node:http';
import path from 'node:path';
import autocannon from 'autocannon';
import { callApi } from './api-client.mjs';
import { registerAccounts } from './bench-accounts.mjs';
import { decoded, getAsSent } from './board-answer.mjs';
import { measureBoardInBrowser } from './board-browser.mjs';
import { mapWithConcurrency } from './concurrency.mjs';
import { startServerProfile } from './cpu-profile.mjs';
import { inspectorEnv } from './inspector-client.mjs';
import { summarize } from './latency-stats.mjs';
import { startCpuMeter, waitForQuietCpu } from './process-cpu.mjs';
import { readPeakRssKib, waitForStableRss } from './process-memory.mjs';
import { printProfileSummary } from './profile-summary.mjs';
import { formatMib, formatMs } from './report.mjs';
import { findFreePort, startHealthyServer, startServer, stopServerNoting, waitForHealthy } from './server-process.mjs';

const taskCount = 5000;
const statusCount = 10;
const cardCount = 50;
const creationsInFlight = 8;
const rounds = 100;
const targets = {
  boardP50Ms: 35,
  boardReqPerS: 100,
  boardP99Ms: 150,
};
/**
 * Moves and creations, as the issues set them: on PostgreSQL issue 29's ("moves ≥ 2,000/s at 20 connections on
 * PostgreSQL (p99 ≤ 30 ms) and creations ≥ 1,500/s"); on PGlite issue 14's, which named both databases ("moves
 * ≥ 1,000 req/s at 20 connections with p99 ≤ 50 ms; ≥ 1,000 creations/s") and which issue 29 did not raise.
 */
const writeTargets = {
  postgres: { movesReqPerS: 2000, movesP99Ms: 30, creationsPerS: 1500 },
  pglite: { movesReqPerS: 1000, movesP99Ms: 50, creationsPerS: 1000 },
};

/** ", database …" for a run on PostgreSQL (its processes' CPU); nothing on PGlite, which is the server's own. */
const databaseCpu = (cpu, per) => (cpu.databaseMs === undefined ? '' : `, database ${per(cpu.databaseMs)}`);

/**
 * `count` tasks made through the API, `creationsInFlight` at a time, spread over `cardIds` and `statuses` (a third
 * assigned to the owner, a seventh labelled); resolves to their ids in order.
 */
function createTasks(baseUrl, owner, { count, cardIds, statuses, title }) {
  return mapWithConcurrency(
    Array.from({ length: count }, (_, i) => i),
    creationsInFlight,
    async (i) =>
      (
        await callApi(baseUrl, 'POST', `/api/cards/${cardIds[i % cardIds.length]}/tasks`, {
          token: owner.idToken,
          body: {
            title: `${title} ${i + 1}`,
            status_id: statuses[i % statuses.length].id,
            ...(i % 3 === 0 && { assignee_ids: [owner.userId] }),
            ...(i % 7 === 0 && { labels: ['backend'] }),
          },
          expect: 201,
        })
      ).id,
  );
}

/**
 * A server that has just started runs its first few thousand requests at about two thirds of the speed it keeps
 * afterwards (measured: 720–850 creations/s for the first 3,000, then 1,100–1,300/s, server CPU per creation 1.2 ms
 * then 0.6 ms): V8 is still compiling the hot paths, on the same two cores. The figures with targets are a running
 * server's, so the bench first makes and moves `warmUpCount` tasks in a project of their own, and reports that
 * first stretch on its own row.
 */
const warmUpCount = 3000;

/**
 * Makes and moves `warmUpCount` tasks in a project of their own and waits for the server to be quiet; resolves to
 * the warm-up's creations per second and that project's id. It is deleted, if at all, after the measurements: the
 * database's clean-up of 3,000 deleted tasks and their history (autovacuum) would otherwise land in them.
 */
export async function warmUp(baseUrl, owner, serverPid) {
  const project = await callApi(baseUrl, 'POST', '/api/projects', {
    token: owner.idToken,
    body: { name: 'Warm-up' },
    expect: 201,
  });
  const statuses = await callApi(baseUrl, 'GET', `/api/projects/${project.id}/statuses`, { token: owner.idToken });
  const card = await callApi(baseUrl, 'POST', `/api/projects/${project.id}/cards`, {
    token: owner.idToken,
    body: { title: 'Warm-up' },
    expect: 201,
  });
  const startedAt = performance.now();
  const taskIds = await createTasks(baseUrl, owner, {
    count: warmUpCount,
    cardIds: [card.id],
    statuses,
    title: 'Warm-up',
  });
  const creationsPerS = warmUpCount / ((performance.now() - startedAt) / 1000);
  await moveAtRandom({
    baseUrl,
    token: owner.idToken,
    taskIds,
    statuses,
    connections: 20,
    amount: warmUpCount,
    seed: 3,
  });
  await waitForQuietCpu([serverPid]);
  return { creationsPerS, projectId: project.id };
}

/** A project with `statusCount` columns, `cardCount` cards and `taskCount` tasks spread over them. */
export async function setUpBoard(baseUrl, owner, serverPid, onPostgres) {
  const project = await callApi(baseUrl, 'POST', '/api/projects', {
    token: owner.idToken,
    body: { name: 'Five thousand tasks' },
    expect: 201,
  });
  for (let i = 4; i <= statusCount; i += 1) {
    await callApi(baseUrl, 'POST', `/api/projects/${project.id}/statuses`, {
      token: owner.idToken,
      body: { name: `Stage ${i}` },
      expect: 201,
    });
  }
  const statuses = await callApi(baseUrl, 'GET', `/api/projects/${project.id}/statuses`, { token: owner.idToken });
  const cardIds = await mapWithConcurrency(
    Array.from({ length: cardCount }, (_, i) => i),
    creationsInFlight,
    async (i) =>
      (
        await callApi(baseUrl, 'POST', `/api/projects/${project.id}/cards`, {
          token: owner.idToken,
          body: { title: `Feature ${i + 1}` },
          expect: 201,
        })
      ).id,
  );
  const startedAt = performance.now();
  const meter = startCpuMeter([serverPid], { database: onPostgres });
  const taskIds = await createTasks(baseUrl, owner, { count: taskCount, cardIds, statuses, title: 'Task number' });
  const creationsPerS = taskCount / ((performance.now() - startedAt) / 1000);
  const cpu = meter.stop();
  const perCreation = (ms) => `${((ms / taskCount) * 1000).toFixed(0)} µs`;
  console.log(
    `  CPU per creation: server ${perCreation(cpu.serversMs[0])}${databaseCpu(cpu, perCreation)}, bench ${perCreation(cpu.benchMs)}`,
  );
  return { projectId: project.id, statuses, taskIds, creationsPerS };
}

/** Chromium's Accept-Encoding, which the web app's board requests carry. */
export const browserAcceptEncoding = 'gzip, deflate, br, zstd';

/**
 * `rounds` GETs of the board one after the other, each timed to the last byte of the answer as sent
 * (board-answer.mjs), then decoded and parsed, untimed. Timed with fetch, which decodes as it reads, the figure was
 * mostly the bench's own work: p50 9–11 ms, with a tenth of the reads near 35 ms, where the same reads as sent took
 * p50 1.4 ms, p90 1.9 ms (2026-11-30, PGlite). What decoding takes is printed beside.
 */
async function timeBoard(url, token) {
  const headers = { authorization: `Bearer ${token}`, 'accept-encoding': browserAcceptEncoding };
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const ms = [];
  const decodeMs = [];
  let bytes = 0;
  try {
    for (let i = 0; i < rounds; i += 1) {
      const started = performance.now();
      const answer = await getAsSent(url, headers, agent);
      const arrived = performance.now();
      if (answer.status !== 200) throw new Error(`${url} answered ${answer.status}`);
      const json = decoded(answer);
      JSON.parse(json.toString('utf8'));
      ms.push(arrived - started);
      decodeMs.push(performance.now() - arrived);
      bytes = json.byteLength;
    }
  } finally {
    agent.destroy();
  }
  return { ...summarize(ms), bytes, decoding: summarize(decodeMs) };
}

/** A generator of pseudo-random indexes below n, the same sequence on every run for the same seed. */
export function randomIndexes(seed) {
  let state = seed;
  return (n) => {
    state = (state * 48271) % 2147483647;
    return state % n;
  };
}

/**
 * `connections` clients moving random tasks to random statuses (at each status's end) for `durationSeconds`, or
 * `amount` moves in all.
 * @throws on any answer but 2xx
 */
export async function moveAtRandom({ baseUrl, token, taskIds, statuses, connections, durationSeconds, amount, seed }) {
  const random = randomIndexes(seed);
  const moves = await autocannon({
    url: baseUrl,
    connections,
    ...(amount ? { amount } : { duration: durationSeconds }),
    requests: [
      {
        method: 'POST',
        setupRequest: (req) => ({
          ...req,
          path: `/api/tasks/${taskIds[random(taskIds.length)]}/move`,
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify({ status_id: statuses[random(statuses.length)].id }),
        }),
      },
    ],
  });
  checkLoad(moves, 'moves');
  return moves;
}

export function checkLoad(result, what) {
  const failures = result.non2xx + result.errors;
  if (failures > 0) throw new Error(`${what}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
}

/** Adds the board figures for one database (PostgreSQL when databaseUrl is given, else PGlite). */
export async function measureBoard(report, { label, workDir, databaseUrl, durationSeconds, profile = false }) {
  const inspectPort = profile ? await findFreePort() : undefined;
  const env = {
    TRUST_PROXY: 'true',
    ...(databaseUrl && { DATABASE_URL: databaseUrl }),
    ...(profile && inspectorEnv(inspectPort)),
  };
  const {
    movesReqPerS,
    movesP99Ms,
    creationsPerS: creationsTarget,
  } = databaseUrl ? writeTargets.postgres : writeTargets.pglite;
  const server = await startHealthyServer(workDir, `board-${label}`, env);
  try {
    const [owner] = await registerAccounts(server.url, { count: 1, label: `board-${label}` });
    const warm = await warmUp(server.url, owner, server.pid);
    const creationProfiler = inspectPort ? await startServerProfile(inspectPort) : undefined;
    const { projectId, statuses, taskIds, creationsPerS } = await setUpBoard(
      server.url,
      owner,
      server.pid,
      Boolean(databaseUrl),
    );
    if (creationProfiler) printProfileSummary('the server making the board', await creationProfiler.stop());
    console.log(
      `  made ${taskCount.toLocaleString('en')} tasks in ${statusCount} statuses: ${creationsPerS.toFixed(0)}/s`,
    );
    report.add({
      name: `board (${label}): task creations, ${creationsInFlight} in flight, the first ${warmUpCount.toLocaleString('en')} after start`,
      figure: `${warm.creationsPerS.toFixed(0)}/s`,
    });
    report.add({
      name: `board (${label}): task creations, ${creationsInFlight} in flight`,
      figure: `${creationsPerS.toFixed(0)}/s`,
      target: `≥ ${creationsTarget}/s`,
      met: creationsPerS >= creationsTarget,
    });
    await waitForQuietCpu([server.pid]);

    const boardUrl = `${server.url}/api/projects/${projectId}/board`;
    const alone = await timeBoard(boardUrl, owner.idToken);
    console.log(
      `  GET board: ${(alone.bytes / 1e6).toFixed(2)} MB of JSON; the bench decoding and parsing it: ` +
        `p50 ${formatMs(alone.decoding.p50)}, p99 ${formatMs(alone.decoding.p99)}`,
    );
    report.add({
      name: `board (${label}): GET board, one client`,
      figure: `p50 ${formatMs(alone.p50)}, p99 ${formatMs(alone.p99)}`,
      target: `p50 ≤ ${targets.boardP50Ms} ms`,
      met: alone.p50 <= targets.boardP50Ms,
    });
    const boardProfiler = inspectPort ? await startServerProfile(inspectPort) : undefined;
    const loaded = await autocannon({
      url: boardUrl,
      connections: 10,
      duration: durationSeconds,
      // What a browser sends: the board is compressed once when built and served from memory in that coding.
      headers: { authorization: `Bearer ${owner.idToken}`, 'accept-encoding': browserAcceptEncoding },
    });
    checkLoad(loaded, 'GET board');
    if (boardProfiler) printProfileSummary('the server answering GET board', await boardProfiler.stop());
    report.add({
      name: `board (${label}): GET board, 10 connections`,
      figure: `${loaded.requests.average.toFixed(0)} req/s, p99 ${formatMs(loaded.latency.p99)}`,
      target: `≥ ${targets.boardReqPerS} req/s, p99 ≤ ${targets.boardP99Ms} ms`,
      met: loaded.requests.average >= targets.boardReqPerS && loaded.latency.p99 <= targets.boardP99Ms,
    });

    await waitForQuietCpu([server.pid]);
    const profiler = inspectPort ? await startServerProfile(inspectPort) : undefined;
    const meter = startCpuMeter([server.pid], { database: Boolean(databaseUrl) });
    const moves = await moveAtRandom({
      baseUrl: server.url,
      token: owner.idToken,
      taskIds,
      statuses,
      connections: 20,
      durationSeconds,
      seed: 7,
    });
    const cpu = meter.stop();
    if (profiler) printProfileSummary('the server under moves', await profiler.stop());
    const perMove = (ms) => `${((ms / moves.requests.total) * 1000).toFixed(0)} µs`;
    console.log(
      `  CPU per move: server ${perMove(cpu.serversMs[0])}${databaseCpu(cpu, perMove)}, bench ${perMove(cpu.benchMs)}`,
    );
    report.add({
      name: `board (${label}): moves, 20 connections`,
      figure: `${moves.requests.average.toFixed(0)} req/s, p99 ${formatMs(moves.latency.p99)}`,
      target: `≥ ${movesReqPerS} req/s, p99 ≤ ${movesP99Ms} ms`,
      met: moves.requests.average >= movesReqPerS && moves.latency.p99 <= movesP99Ms,
    });

    await waitForQuietCpu([server.pid]);
    await measureBoardInBrowser(report, { label, baseUrl: server.url, email: owner.email, projectId, statusCount });
    // The restart below holds the board's project alone, as it did before there was a warm-up.
    await callApi(server.url, 'DELETE', `/api/projects/${warm.projectId}`, { token: owner.idToken, expect: 204 });
  } finally {
    await stopServerNoting(server, `board-${label}`);
  }
  if (!databaseUrl) await measureRestartWithBoard(report, { workDir, label, env });
}

/** The most an embedded-database server may hold at any moment of a start (a 1 GB machine must survive it). */
const restartPeakRssTargetMib = 300;

/** A restart on the data folder that now holds the board's project: time to healthy and peak RSS. */
async function measureRestartWithBoard(report, { workDir, label, env }) {
  const name = `board-${label}`;
  const server = startServer({
    dataDir: path.join(workDir, `${name}-data`),
    port: await findFreePort(),
    logPath: path.join(workDir, `${name}-restart.log`),
    env,
  });
  try {
    const healthyAt = await waitForHealthy(server);
    report.add({
      name: `board (${label}): restart holding the 5,000 tasks, spawn → healthy`,
      figure: formatMs(healthyAt - server.spawnedAt),
    });
    await waitForStableRss(server.pid);
    const peakKib = readPeakRssKib(server.pid);
    report.add({
      name: `board (${label}): restart holding the 5,000 tasks, peak RSS`,
      figure: formatMib(peakKib),
      target: `≤ ${restartPeakRssTargetMib} MiB`,
      met: peakKib / 1024 <= restartPeakRssTargetMib,
    });
  } finally {
    await stopServerNoting(server, `${name}-restart`);
  }
}
