// 17. Through nginx (issue 28): docs/deploy.md's deployment on this machine, as the CI test runs it (the documented
// nginx site with its ports changed, two instances with TRUST_PROXY=1 and one PUBLIC_URL, PostgreSQL and Redis),
// then three measurements. 1: the live fan-out to 5,000 sockets spread over both instances by nginx, p99 from the
// PATCH's answer to the last socket ≤ 50 ms with no frame lost. 2: SIGTERM to one instance holding 1,000 sockets
// and 10 uploads: its exit within the 25 s grace period, no upload failed. 3: a 10 s Redis outage: every socket
// has a full picture again (resync, or the event it missed) ≤ 5 s after Redis is back. Every socket, PATCH and
// upload goes through nginx; only registration and setup go straight to an instance. Redis is a redis-server of
// the section's own (it is stopped and started), not BENCH_REDIS_URL.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { registerAccounts } from './bench-accounts.mjs';
import { measureFanoutPhase } from './fanout-phase.mjs';
import { refreshStaleTokens } from './fresh-tokens.mjs';
import { startNginxProxy } from './nginx-proxy.mjs';
import { addMembers, createProjects } from './project-setup.mjs';
import { measureDrain } from './proxy-drain.mjs';
import { defineInstance, describeSocketSpread } from './proxy-instances.mjs';
import { measureRedisOutage } from './proxy-outage.mjs';
import { startRedisProcess } from './redis-process.mjs';
import { formatMs } from './report.mjs';
import { findFreePort } from './server-process.mjs';

const memberCount = 5000;
const graceSeconds = 25;
// Each proxied websocket holds two connections in nginx; the rest is room for requests and the drain's uploads.
const nginxConnections = 2 * memberCount + 1000;
// A phase must not start with less token life than this left, or its sockets close in the middle of it (4401).
const minTokenLifeMs = { fanout: 5 * 60_000, other: 3 * 60_000 };

const number = (n) => n.toLocaleString('en');

/** The soft open-file limit, which this process (the client sockets) and the children it spawns inherit. */
function requireOpenFileLimit(needed) {
  const limit = spawnSync('sh', ['-c', 'ulimit -n'], { encoding: 'utf8' }).stdout.trim();
  console.log(`  open-file limit (ulimit -n) for this process, the instances and nginx: ${limit}`);
  if (limit !== 'unlimited' && Number(limit) < needed) {
    throw new Error(`${number(memberCount)} sockets through nginx need ulimit -n ≥ ${needed}: raise it first`);
  }
}

async function setUpProject(a, b) {
  const startedAt = performance.now();
  const [owner] = await registerAccounts(a.url, { count: 1, label: 'proxy-owner' });
  // Straight to each instance, with an address per account (TRUST_PROXY=1 trusts one hop: here, the bench):
  // through nginx every registration would come from 127.0.0.1, which may register 20 accounts an hour.
  const halves = await Promise.all(
    [a, b].map((instance) =>
      registerAccounts(instance.url, { count: memberCount / 2, label: `proxy-member-${instance.name.toLowerCase()}` }),
    ),
  );
  const members = halves.flat();
  const [projectId] = await createProjects(a.url, owner, { count: 1, namePrefix: 'Behind nginx' });
  const addStartedAt = performance.now();
  await addMembers(
    a.url,
    owner,
    members.map((account) => ({ projectId, account })),
  );
  console.log(`  added ${number(memberCount)} members in ${formatMs(performance.now() - addStartedAt)}`);
  console.log(`  setup took ${formatMs(performance.now() - startedAt)} in all`);
  return { owner, members, projectId };
}

/** Phase 1: the fan-out method of section 5 (fanout-phase.mjs), every socket and PATCH going through nginx. */
async function measureFanoutThroughProxy(report, fixture, { proxy, a, b }) {
  await refreshStaleTokens([a.url, b.url], [fixture.owner, ...fixture.members], minTokenLifeMs.fanout);
  await measureFanoutPhase(report, fixture, {
    label: '2 instances behind nginx',
    // Each instance as the bench reaches it: at nginx's address (its round-robin spreads the sockets, and it takes
    // the PATCH), with the instance's pid for the CPU figures.
    servers: [a, b].map((instance) => ({ url: proxy.url, pid: instance.pid })),
    alsoMetered: [{ name: 'nginx', pid: proxy.workerPid }],
    targetMs: 50,
    onOpened: async () => {
      report.add({
        name: `proxy: ${number(memberCount)} sockets opened through nginx, held by`,
        figure: await describeSocketSpread([a, b]),
      });
    },
  });
}

/** Adds the section's figures; databaseUrl is a fresh PostgreSQL database. */
export async function measureProxy(report, { workDir, databaseUrl }) {
  requireOpenFileLimit(memberCount + 1000);
  const redis = await startRedisProcess(workDir, 'proxy-redis');
  try {
    const [proxyPort, portA, portB] = await Promise.all([findFreePort(), findFreePort(), findFreePort()]);
    const proxyUrl = `http://127.0.0.1:${proxyPort}`;
    const env = {
      DATABASE_URL: databaseUrl,
      REDIS_URL: redis.url,
      TRUST_PROXY: '1',
      // The issuer of ID tokens: one address for both, so each instance accepts the other's tokens.
      PUBLIC_URL: proxyUrl,
      METRICS_TOKEN: `bench-metrics-${crypto.randomUUID()}`,
      SHUTDOWN_GRACE_SECONDS: String(graceSeconds),
    };
    const dataDir = path.join(workDir, 'proxy-data');
    const a = defineInstance(workDir, { name: 'A', port: portA, dataDir, env });
    const b = defineInstance(workDir, { name: 'B', port: portB, dataDir, env });
    try {
      // Both at once on the empty database, as a deployment's instances start: one migrates, the other waits.
      await Promise.all([a.start(), b.start()]);
      const proxy = await startNginxProxy(workDir, {
        name: 'proxy-nginx',
        listenPort: proxyPort,
        instancePorts: [portA, portB],
        connections: nginxConnections,
      });
      try {
        const fixture = await setUpProject(a, b);
        await measureFanoutThroughProxy(report, fixture, { proxy, a, b });

        const { owner, members, projectId } = fixture;
        await refreshStaleTokens([a.url, b.url], [owner, ...members], minTokenLifeMs.other);
        await measureDrain(report, { proxy, a, b, owner, members, projectId, dataDir, graceSeconds });
        await a.start();

        await refreshStaleTokens([a.url, b.url], [owner, ...members], minTokenLifeMs.other);
        await measureRedisOutage(report, { proxy, instances: [a, b], redis, owner, members, projectId });
      } finally {
        await proxy.stop();
      }
    } finally {
      for (const instance of [a, b]) {
        const stop = await instance.stop();
        if (stop && stop.code !== 0) {
          console.log(`  note: instance ${instance.name} exited with code ${stop.code} (signal ${stop.signal})`);
        }
      }
    }
  } finally {
    await redis.stop();
  }
}
