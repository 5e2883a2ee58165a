// 3. Startup, idle memory and shutdown, through what `npm start` runs (package.json's start script: its node flags
// shape memory): the first start on an empty data folder (it loads the database the build made,
// db/pglite-template.ts) and its peak RSS; a warm restart (existing data
// folder, build up to date) both as `npm start` and as its node command alone; idle and peak RSS on PGlite and, in
// measureIdleMemoryPostgres, with DATABASE_URL; and whether SIGTERM shuts down cleanly, and how fast.
import fs from 'node:fs';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { readStamp, sourcesHash } from '../start/build-stamp.mjs';
import { readPeakRssKib, waitForStableRss } from './process-memory.mjs';
import { formatMib, formatMs } from './report.mjs';
import { findFreePort, readStartScript, repoRoot, startServer, stopServer, waitForHealthy } from './server-process.mjs';

const restartTargetMs = 1500;
const pgliteRssTargetMib = 200;
/** A 1 GB server must survive a start: the embedded database's initdb once took it to ~700 MiB. */
const pglitePeakRssTargetMib = 300;
const postgresRssTargetMib = 100;

/** package.json's start script as an argv for this Node (`node --flags scripts/start.mjs`). */
function startCommand() {
  const [program, ...args] = readStartScript().words;
  if (program !== 'node') throw new Error(`package.json's start script does not run node: ${program}`);
  return [process.execPath, ...args];
}

/** The figures are of starts, not builds: scripts/start.mjs would build first if the stamp were stale. */
function assertBuildCurrent() {
  if (readStamp(repoRoot) !== sourcesHash(repoRoot)) {
    throw new Error(
      'the build is missing or older than the sources: run npm run build (or the bench without --no-build)',
    );
  }
}

/**
 * The server logs its own startupMs (main() to listening) in its "Deckhand is ready" line; the rest of
 * spawn → healthy is Node (and npm) loading, which tells a reader where to look when a target is missed.
 */
function readSelfReportedStartupMs(logPath) {
  const ready = fs
    .readFileSync(logPath, 'utf8')
    .split('\n')
    .find((line) => line.includes('"startupMs"'));
  if (!ready) return undefined;
  const { startupMs } = JSON.parse(ready);
  return typeof startupMs === 'number' ? startupMs : undefined;
}

/** Starts the server, waits for health and resolves to { server, startupMs }. */
async function timeStartup(options) {
  const server = startServer(options);
  try {
    const healthyAt = await waitForHealthy(server);
    const selfReportedMs = readSelfReportedStartupMs(options.logPath);
    if (selfReportedMs !== undefined) {
      console.log(`  (the server logged startupMs ${selfReportedMs}: main() to listening)`);
    }
    return { server, startupMs: healthyAt - server.spawnedAt };
  } catch (err) {
    await stopServer(server);
    throw err;
  }
}

function reportShutdown(report, label, stop) {
  const how = stop.killed ? 'did not exit in time, killed' : `exit code ${stop.code ?? `none (signal ${stop.signal})`}`;
  report.add({ name: `SIGTERM ${label}: exit`, figure: how, target: 'code 0', met: stop.code === 0 });
  report.add({ name: `SIGTERM ${label}: shutdown time`, figure: formatMs(stop.shutdownMs) });
}

/** The most the process was resident at any moment since it was spawned, read once it has settled. */
async function reportPeakRss(report, name, pid) {
  await waitForStableRss(pid);
  const peakKib = readPeakRssKib(pid);
  report.add({
    name,
    figure: formatMib(peakKib),
    target: `≤ ${pglitePeakRssTargetMib} MiB`,
    met: peakKib / 1024 <= pglitePeakRssTargetMib,
  });
}

/**
 * V8 gives back what a start left behind only once the process has been quiet for a while: its memory reducer runs
 * 8 s after the start's last full collection, and then shrinks the young generation to its smallest. RSS read just
 * after the start still holds start-up garbage, 30–40 MiB of it on PGlite. Both are reported; the target is the
 * idle figure. Read at 12 s, it was often read before the reducer had run: the same build measured 178.5 MiB on
 * PGlite and 105.3 on PostgreSQL at 12 s, 163.3 and 91.0 at 20 s (semi-spaces of 4 MiB, the same day).
 */
const idleAfterMs = 20_000;

async function reportIdleRss(report, name, pid, targetMib) {
  const started = Date.now();
  const early = await waitForStableRss(pid);
  report.add({ name: `${name}, just after the start`, figure: formatMib(early.rssKib) });
  await delay(Math.max(0, idleAfterMs - (Date.now() - started)));
  const rss = await waitForStableRss(pid);
  const settle = rss.stable ? `stable over the last 3 of ${rss.readings.length} samples` : 'did not settle';
  report.add({
    name: `${name}, quiet for ${idleAfterMs / 1000} s`,
    figure: `${formatMib(rss.rssKib)} (${settle})`,
    target: `≤ ${targetMib} MiB`,
    met: rss.rssKib / 1024 <= targetMib,
  });
}

/** Adds the startup, idle-memory (PGlite) and shutdown figures to the report. */
export async function measureStartup(report, workDir) {
  assertBuildCurrent();
  const command = startCommand();
  const dataDir = path.join(workDir, 'startup-data');
  const port = await findFreePort();
  // One log per start, so a later start's startupMs can never be read from an earlier one's log.
  const logPath = (n) => path.join(workDir, `startup-server-${n}.log`);
  console.log(`  data dir ${dataDir}, port ${port}, command: ${command.slice(1).join(' ')}`);

  const first = await timeStartup({ dataDir, port, logPath: logPath(1), command });
  report.add({
    name: 'first start, empty data folder (loads the database the build made)',
    figure: formatMs(first.startupMs),
  });
  try {
    await reportPeakRss(report, 'first start, empty data folder: peak RSS', first.server.pid);
  } finally {
    reportShutdown(report, 'after first start', await stopServer(first.server));
  }
  if (!fs.existsSync(path.join(dataDir, 'db'))) throw new Error(`the server did not create ${dataDir}/db`);

  const viaNpm = await timeStartup({ dataDir, port, logPath: logPath(2), command: ['npm', 'start'] });
  report.add({
    name: 'warm restart, npm start → healthy',
    figure: formatMs(viaNpm.startupMs),
    target: `≤ ${restartTargetMs} ms`,
    met: viaNpm.startupMs <= restartTargetMs,
  });
  // The whole group gets the signal, npm with it, so npm's exit says nothing about the server's shutdown.
  await stopServer(viaNpm.server);

  const direct = await timeStartup({ dataDir, port, logPath: logPath(3), command });
  report.add({
    name: "warm restart, start script's node command → healthy",
    figure: formatMs(direct.startupMs),
    target: `≤ ${restartTargetMs} ms`,
    met: direct.startupMs <= restartTargetMs,
  });
  try {
    await reportIdleRss(report, 'idle RSS, PGlite', direct.server.pid, pgliteRssTargetMib);
    await reportPeakRss(report, 'warm restart: peak RSS', direct.server.pid);
  } finally {
    reportShutdown(report, 'when idle', await stopServer(direct.server));
  }
}

/** Idle RSS with DATABASE_URL (a fresh database from the caller), started as `npm start` starts it. */
export async function measureIdleMemoryPostgres(report, { workDir, databaseUrl }) {
  assertBuildCurrent();
  const port = await findFreePort();
  const server = startServer({
    dataDir: path.join(workDir, 'startup-pg-data'),
    port,
    logPath: path.join(workDir, 'startup-pg-server.log'),
    env: { DATABASE_URL: databaseUrl },
    command: startCommand(),
  });
  try {
    await waitForHealthy(server);
    await reportIdleRss(report, 'idle RSS, PostgreSQL (DATABASE_URL)', server.pid, postgresRssTargetMib);
  } finally {
    await stopServer(server);
  }
}
