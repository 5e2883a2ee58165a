// 6. Idle sockets: what 5,000 authenticated, idle live-channel sockets cost one server in memory. 500
// accounts with 10 sockets each (tabs, in effect): the server keeps one entry per socket either way. The
// server runs with its inspector open, so that garbage can be collected before each reading and the JS
// heap be read next to RSS. RSS is read once it is stable, before and after opening the sockets.
import { spawnSync } from 'node:child_process';
import { registerAccounts } from './bench-accounts.mjs';
import { connectInspector, inspectorEnv } from './inspector-client.mjs';
import { openLiveSockets } from './live-sockets.mjs';
import { waitForStableRss } from './process-memory.mjs';
import { formatKb, formatMib, formatMs } from './report.mjs';
import { findFreePort, startHealthyServer, stopServerNoting } from './server-process.mjs';

const accountCount = 500;
const socketsPerAccount = 10;
const socketCount = accountCount * socketsPerAccount;
// Opened and closed before the baseline: the first sockets pay for loading code and filling pools once.
const warmupSocketCount = 100;
const targetBytesPerSocket = 30_000;

/** The soft open-file limit, which this process and the server it spawns both inherit. */
function readOpenFileLimit() {
  const result = spawnSync('sh', ['-c', 'ulimit -n'], { encoding: 'utf8' });
  const limit = result.stdout.trim();
  return limit === 'unlimited' ? Number.POSITIVE_INFINITY : Number(limit);
}

/** Collects garbage, waits for RSS to settle, and resolves to { rssKib, heapBytes, stable }. */
async function readSettledMemory(server, inspector) {
  await inspector.post('HeapProfiler.collectGarbage');
  const rss = await waitForStableRss(server.pid);
  const { usedSize } = await inspector.post('Runtime.getHeapUsage');
  return { rssKib: rss.rssKib, heapBytes: usedSize, stable: rss.stable };
}

function reportMemory(report, before, after) {
  const rssBytesPerSocket = ((after.rssKib - before.rssKib) * 1024) / socketCount;
  const heapBytesPerSocket = (after.heapBytes - before.heapBytes) / socketCount;
  const settled = before.stable && after.stable ? '' : ' (RSS did not settle: figure is rough)';
  const name = `idle sockets, ${socketCount.toLocaleString('en')} on 1 instance`;
  console.log(
    `  RSS ${formatMib(before.rssKib)} → ${formatMib(after.rssKib)}, JS heap ${formatMib(before.heapBytes / 1024)} → ${formatMib(after.heapBytes / 1024)}`,
  );
  report.add({
    name: `${name}: RSS per socket`,
    figure: `${formatKb(rssBytesPerSocket)}${settled}`,
    target: `≤ ${formatKb(targetBytesPerSocket)}`,
    met: rssBytesPerSocket <= targetBytesPerSocket,
  });
  report.add({ name: `${name}: JS heap per socket`, figure: formatKb(heapBytesPerSocket) });
}

/** Adds the idle-socket memory figures to the report. */
export async function measureIdleSockets(report, { workDir, databaseUrl }) {
  const fileLimit = readOpenFileLimit();
  console.log(`  open-file limit (ulimit -n) for this process and the server: ${fileLimit}`);
  if (fileLimit < socketCount + 1000) {
    throw new Error(`${socketCount} sockets need ulimit -n ≥ ${socketCount + 1000}: raise it in this shell first`);
  }
  const inspectPort = await findFreePort();
  const env = { TRUST_PROXY: 'true', ...(databaseUrl && { DATABASE_URL: databaseUrl }), ...inspectorEnv(inspectPort) };
  const server = await startHealthyServer(workDir, 'idle-sockets', env);
  const inspector = await connectInspector(inspectPort);
  try {
    const accounts = await registerAccounts(server.url, { count: accountCount, label: 'idle' });
    const target = (i) => ({ baseUrl: server.url, token: accounts[i % accountCount].idToken });
    const warmup = await openLiveSockets(Array.from({ length: warmupSocketCount }, (_, i) => target(i)));
    await warmup.close();
    const before = await readSettledMemory(server, inspector);
    const openedAt = performance.now();
    const sockets = await openLiveSockets(Array.from({ length: socketCount }, (_, i) => target(i)));
    console.log(
      `  opened ${socketCount} sockets (${accountCount} accounts × ${socketsPerAccount}) in ${formatMs(performance.now() - openedAt)}`,
    );
    try {
      const after = await readSettledMemory(server, inspector);
      const closed = sockets.unexpectedCloses().length;
      if (closed > 0) throw new Error(`${closed} of ${socketCount} sockets closed while idle`);
      reportMemory(report, before, after);
    } finally {
      await sockets.close();
    }
  } finally {
    inspector.close();
    await stopServerNoting(server, 'the idle-sockets server');
  }
}
