// 18. The board of 5,000 tasks while people work on it: every move changes what GET board answers, so the read
// after a change is what each reload and reconnect pays. First one client alternating one move and one GET (no
// answer cached from before the move can stand), then 10 clients reading the board while 20 move tasks, then one
// client alternating a task's deletion and one GET. Planka's equivalent, measured when the issue was filed: 303 ms
// to show a board after a change.
import http from 'node:http';
import { callApi } from './api-client.mjs';
import { registerAccounts } from './bench-accounts.mjs';
import { browserAcceptEncoding, checkLoad, moveAtRandom, randomIndexes, setUpBoard, warmUp } from './board.mjs';
import { decoded, getAsSent } from './board-answer.mjs';
import { startServerProfile } from './cpu-profile.mjs';
import { inspectorEnv } from './inspector-client.mjs';
import { summarize } from './latency-stats.mjs';
import { startCpuMeter, waitForQuietCpu } from './process-cpu.mjs';
import { printProfileSummary } from './profile-summary.mjs';
import { formatKb, formatMs } from './report.mjs';
import { findFreePort, startHealthyServer, stopServerNoting } from './server-process.mjs';
import { readSteadily } from './steady-readers.mjs';

const afterMoveRounds = 200;
/** Fewer than moves: each takes a task off the board for good. */
const afterDeletionRounds = 50;
/** Rounds first, not counted: the server's first answers made this way compile the code that makes them. */
const warmUpRounds = 20;
const targets = {
  postgres: { afterMoveP50Ms: 25, afterMoveP99Ms: 50 },
  pglite: { afterMoveP50Ms: 50 },
  busyReadsP99Ms: 150,
  busyMovesPerS: 1500,
};

/**
 * `rounds` times (after `warmUpRounds`): one change (`change()`, not timed), then one GET board with a browser's
 * Accept-Encoding, timed to the last byte of the answer as sent, then decoded and checked, untimed (see
 * board-answer.mjs: timed with fetch, decoding was most of the spread, p50 15.9 and p99 56.6 ms against the server's
 * own p50 4.6 and p99 29 ms in its request log). What decoding takes is printed beside.
 */
async function timeReadsAfter({ baseUrl, token, projectId }, change, { rounds, warmUpRounds }) {
  const boardUrl = `${baseUrl}/api/projects/${projectId}/board`;
  const headers = { authorization: `Bearer ${token}`, 'accept-encoding': browserAcceptEncoding };
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const ms = [];
  const decodeMs = [];
  let sentBytes = 0;
  let sentCoding = 'identity';
  let jsonBytes = 0;
  try {
    for (let i = 0; i < warmUpRounds + rounds; i += 1) {
      await change();
      const started = performance.now();
      const answer = await getAsSent(boardUrl, headers, agent);
      const arrived = performance.now();
      if (answer.status !== 200) throw new Error(`GET board answered ${answer.status}`);
      const json = decoded(answer);
      JSON.parse(json.toString('utf8'));
      if (i >= warmUpRounds) {
        ms.push(arrived - started);
        decodeMs.push(performance.now() - arrived);
      }
      sentBytes = answer.body.byteLength;
      sentCoding = answer.headers['content-encoding'] ?? 'identity';
      jsonBytes = json.byteLength;
    }
  } finally {
    agent.destroy();
  }
  const decoding = summarize(decodeMs);
  console.log(
    `  the board's answer: ${(jsonBytes / 1e6).toFixed(2)} MB of JSON, ${formatKb(sentBytes)} as sent (${sentCoding}); ` +
      `the bench decoding and parsing it: p50 ${formatMs(decoding.p50)}, p99 ${formatMs(decoding.p99)}`,
  );
  return summarize(ms);
}

/** timeReadsAfter, each read after one move of a task picked at random to a status picked at random. */
function timeReadsAfterMoves(context) {
  const { baseUrl, token, taskIds, statuses } = context;
  const random = randomIndexes(11);
  const move = () =>
    callApi(baseUrl, 'POST', `/api/tasks/${taskIds[random(taskIds.length)]}/move`, {
      token,
      body: { status_id: statuses[random(statuses.length)].id },
    });
  return timeReadsAfter(context, move, { rounds: afterMoveRounds, warmUpRounds });
}

/**
 * timeReadsAfter, each read after the deletion of one task (the last of taskIds, which no later measure uses): a
 * deletion leaves no row for a read of the changes to find, and the board's model once read every task again.
 */
function timeReadsAfterDeletions(context) {
  const { baseUrl, token, taskIds } = context;
  const remove = () => callApi(baseUrl, 'DELETE', `/api/tasks/${taskIds.pop()}`, { token, expect: 204 });
  return timeReadsAfter(context, remove, { rounds: afterDeletionRounds, warmUpRounds: 5 });
}

/**
 * 10 connections reading the board and 20 moving tasks, at the same time, for `durationSeconds`. The readers are
 * steady-readers.mjs's rather than autocannon's, which took a quarter of a core from the server to read the
 * answers (measured: the bench's CPU 39–55 % of a core against 21–28 %, moves 607–661/s against 863–883/s).
 */
async function readWhileMoving({ baseUrl, token, projectId, taskIds, statuses, durationSeconds }) {
  const [reads, moves] = await Promise.all([
    readSteadily({
      url: `${baseUrl}/api/projects/${projectId}/board`,
      connections: 10,
      durationSeconds,
      headers: { authorization: `Bearer ${token}`, 'accept-encoding': browserAcceptEncoding },
    }),
    moveAtRandom({ baseUrl, token, taskIds, statuses, connections: 20, durationSeconds, seed: 7 }),
  ]);
  checkLoad(reads, 'GET board while moving');
  return { reads, moves };
}

/**
 * Where the two cores went while reading and moving: how near the machine was to full, and whose share would have
 * to shrink for more moves. The server's share is also given by thread: on PGlite its busiest other thread is the
 * database's, and the next the deflate thread (docs/architecture.md, where a busy board's time goes).
 */
function printCpuShares(cpu, durationSeconds) {
  const share = (ms) => `${((ms / (durationSeconds * 1000)) * 100).toFixed(0)} %`;
  const database = cpu.databaseMs === undefined ? '' : `, database ${share(cpu.databaseMs)}`;
  const [busiest = 0, next = 0] = cpu.threadsMs.othersMs;
  console.log(
    `  CPU while reading and moving, in shares of one core: server ${share(cpu.serversMs[0])}${database}, ` +
      `bench ${share(cpu.benchMs)}; the server's main thread ${share(cpu.threadsMs.mainMs)}, its busiest other ` +
      `threads ${share(busiest)} and ${share(next)}`,
  );
}

/** Adds the busy-board figures for one database (PostgreSQL when databaseUrl is given, else PGlite). */
export async function measureBusyBoard(report, { label, workDir, databaseUrl, durationSeconds, profile = false }) {
  const inspectPort = profile ? await findFreePort() : undefined;
  const env = {
    TRUST_PROXY: 'true',
    ...(databaseUrl && { DATABASE_URL: databaseUrl }),
    ...(profile && inspectorEnv(inspectPort)),
  };
  const server = await startHealthyServer(workDir, `board-busy-${label}`, env);
  try {
    const [owner] = await registerAccounts(server.url, { count: 1, label: `board-busy-${label}` });
    await warmUp(server.url, owner, server.pid);
    const board = await setUpBoard(server.url, owner, server.pid, Boolean(databaseUrl));
    const context = { baseUrl: server.url, token: owner.idToken, ...board };
    await waitForQuietCpu([server.pid]);

    const profiler = inspectPort ? await startServerProfile(inspectPort) : undefined;
    const afterMove = await timeReadsAfterMoves(context);
    if (profiler) printProfileSummary('the server reading the board after each move', await profiler.stop());
    const { afterMoveP50Ms, afterMoveP99Ms } = databaseUrl ? targets.postgres : targets.pglite;
    report.add({
      name: `board (${label}): GET board right after a move`,
      figure: `p50 ${formatMs(afterMove.p50)}, p99 ${formatMs(afterMove.p99)}`,
      target: `p50 ≤ ${afterMoveP50Ms} ms${afterMoveP99Ms ? `, p99 ≤ ${afterMoveP99Ms} ms` : ''}`,
      met: afterMove.p50 <= afterMoveP50Ms && (afterMoveP99Ms === undefined || afterMove.p99 <= afterMoveP99Ms),
    });

    await waitForQuietCpu([server.pid]);
    const busyProfiler = inspectPort ? await startServerProfile(inspectPort) : undefined;
    const meter = startCpuMeter([server.pid], { database: Boolean(databaseUrl) });
    const { reads, moves } = await readWhileMoving({ ...context, durationSeconds });
    printCpuShares(meter.stop(), durationSeconds);
    if (busyProfiler) printProfileSummary('the server reading while moving', await busyProfiler.stop());
    report.add({
      name: `board (${label}): 10 reading while 20 move`,
      figure: `reads ${reads.requests.average.toFixed(0)}/s p99 ${formatMs(reads.latency.p99)}; moves ${moves.requests.average.toFixed(0)}/s p99 ${formatMs(moves.latency.p99)}`,
      target: `reads p99 ≤ ${targets.busyReadsP99Ms} ms, moves ≥ ${targets.busyMovesPerS}/s`,
      met: reads.latency.p99 <= targets.busyReadsP99Ms && moves.requests.average >= targets.busyMovesPerS,
    });

    await waitForQuietCpu([server.pid]);
    const afterDeletion = await timeReadsAfterDeletions(context);
    report.add({
      name: `board (${label}): GET board right after a task's deletion`,
      figure: `p50 ${formatMs(afterDeletion.p50)}, p99 ${formatMs(afterDeletion.p99)}`,
    });
  } finally {
    await stopServerNoting(server, `board-busy-${label}`);
  }
}
