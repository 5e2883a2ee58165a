// 3. Startup: spawn → first 200 from /api/health, on a new PGlite data dir (initdb + migrations) and again
// on the same dir; idle RSS of the restarted server; and whether SIGTERM shuts down cleanly, and how fast.
import fs from 'node:fs';
import path from 'node:path';
import { waitForStableRss } from './process-memory.mjs';
import { formatMib, formatMs } from './report.mjs';
import { findFreePort, startServer, stopServer, waitForHealthy } from './server-process.mjs';

const restartTargetMs = 1500;

/**
 * The server logs its own startupMs (main() to listening) in its "Deckhand is ready" line; the rest of
 * spawn → healthy is mostly Node loading modules, which tells a reader where to look when a target is missed.
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

/** Adds the startup, idle-memory and shutdown figures to the report. */
export async function measureStartup(report, workDir) {
  const dataDir = path.join(workDir, 'startup-data');
  const port = await findFreePort();
  // One log per start, so the second start's startupMs can never be read from the first one's log.
  const logPath = (n) => path.join(workDir, `startup-server-${n}.log`);
  console.log(`  data dir ${dataDir}, port ${port}`);

  const first = await timeStartup({ dataDir, port, logPath: logPath(1) });
  report.add({ name: 'startup, new data dir (initdb + migrations)', figure: formatMs(first.startupMs) });
  reportShutdown(report, 'after first start', await stopServer(first.server));
  if (!fs.existsSync(path.join(dataDir, 'db'))) throw new Error(`the server did not create ${dataDir}/db`);

  const second = await timeStartup({ dataDir, port, logPath: logPath(2) });
  report.add({
    name: 'startup, existing data dir',
    figure: formatMs(second.startupMs),
    target: `≤ ${restartTargetMs} ms`,
    met: second.startupMs <= restartTargetMs,
  });
  try {
    const rss = await waitForStableRss(second.server.pid);
    const settle = rss.stable ? `stable over the last 3 of ${rss.readings.length} samples` : 'did not settle';
    report.add({ name: 'idle RSS after restart', figure: `${formatMib(rss.rssKib)} (${settle})` });
  } finally {
    reportShutdown(report, 'when idle', await stopServer(second.server));
  }
}
