// The instances behind the bench's nginx: each on a port fixed for the whole section (nginx names them in its
// upstream block, and one is started again after it has been stopped), sharing PostgreSQL, Redis and DATA_DIR.
// On PostgreSQL, DATA_DIR only holds files (local disk storage, whose writes go to a unique name and are renamed,
// and whose sweep is made for several instances at once) and the mail outbox: sharing it is what a shared
// bucket would be on one machine.
import path from 'node:path';
import { startServer, stopServer, waitForHealthy } from './server-process.mjs';

/** A gauge or counter without labels from the Prometheus text of GET /metrics. */
function metricValue(text, name) {
  const line = text.split('\n').find((l) => l.startsWith(`${name} `));
  if (line === undefined) throw new Error(`no ${name} in the metrics`);
  return Number(line.slice(name.length + 1));
}

/**
 * Instance `name` ('A', 'B'; its log is workDir/proxy-<name>-server.log, appended to at each start) on `port`, with
 * `env` (which must hold METRICS_TOKEN), not yet started. Returns { name, url, upstream, pid, logPath, start(),
 * stop(options), metric(name) }.
 */
export function defineInstance(workDir, { name, port, dataDir, env }) {
  const logPath = path.join(workDir, `proxy-${name}-server.log`);
  let server;
  const instance = {
    name,
    url: `http://127.0.0.1:${port}`,
    /** As nginx writes it in $upstream_addr. */
    upstream: `127.0.0.1:${port}`,
    get pid() {
      return server?.pid;
    },
    /** Starts the process and resolves once GET /api/health answers 200. */
    async start() {
      server = startServer({ dataDir, port, logPath, env });
      try {
        await waitForHealthy(server, { timeoutMs: 60_000 });
      } catch (err) {
        await stopServer(server);
        throw err;
      }
    },
    /** SIGTERM and wait (see stopServer); resolves to { code, signal, shutdownMs, killed }, or undefined if never started. */
    async stop(options) {
      return server && stopServer(server, options);
    },
    async metric(metricName) {
      const res = await fetch(`${instance.url}/metrics`, { headers: { authorization: `Bearer ${env.METRICS_TOKEN}` } });
      if (!res.ok) throw new Error(`GET ${instance.url}/metrics answered ${res.status}`);
      return metricValue(await res.text(), metricName);
    },
    logPath,
  };
  return instance;
}

/** "A 2,500, B 2,500": the live sockets each instance says it holds. */
export async function describeSocketSpread(instances) {
  const held = await Promise.all(instances.map((instance) => instance.metric('deckhand_live_sockets')));
  return instances.map((instance, i) => `${instance.name} ${held[i].toLocaleString('en')}`).join(', ');
}
