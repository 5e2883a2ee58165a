import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { type NginxProxy, startNginxProxy } from './nginx-proxy';
import { type PostgresCluster, startPostgresCluster } from './postgres-cluster';
import { type RedisServer, startRedisServer } from './redis-server';
import { type S3Server, startS3Server } from './s3-server';
import { type ServerProcess, spawnServer, waitUntilReady } from './server-process';
import { freePort } from './test-app';

const metricsToken = 'proxy-test-metrics-token';

/** One Deckhand process of the deployment, on a port of its own. */
export interface Instance {
  port: number;
  /** Its address, bypassing the proxy: for its metrics. */
  address: string;
  /** `127.0.0.1:port`, as nginx names it in `$upstream_addr`. */
  upstream: string;
  /** The running process; replaced by `start`. */
  server: ServerProcess;
  /** Starts the instance again (after it stopped) on the same port and data, and waits until it is ready. */
  start(): Promise<void>;
  /** A gauge or counter without labels from this instance's GET /metrics. */
  metric(name: string): Promise<number>;
}

export interface ProxiedDeployment {
  /** The proxy's address: PUBLIC_URL of every instance. */
  url: string;
  postgres: PostgresCluster;
  redis: RedisServer;
  s3: S3Server;
  nginx: NginxProxy;
  instances: [Instance, Instance];
  close(): Promise<void>;
}

function metricValue(metrics: string, name: string): number {
  const line = metrics.split('\n').find((l) => l.startsWith(`${name} `));
  if (line === undefined) throw new Error(`no ${name} in the metrics`);
  return Number(line.slice(name.length + 1));
}

/**
 * What docs/deploy.md describes, on one machine: PostgreSQL, Redis and an S3 bucket of the test's own, two
 * instances of the real entry point sharing them with TRUST_PROXY=1 and one PUBLIC_URL, and nginx in front with the
 * documented site configuration.
 */
export async function startProxiedDeployment(): Promise<ProxiedDeployment> {
  const cleanups: (() => Promise<void>)[] = [];
  async function close(): Promise<void> {
    for (const cleanup of cleanups.reverse()) await cleanup();
  }
  try {
    const postgres = await startPostgresCluster();
    cleanups.push(() => postgres.destroy());
    const [redis, s3, proxyPort, portA, portB] = await Promise.all([
      startRedisServer(),
      startS3Server(),
      freePort(),
      freePort(),
      freePort(),
    ]);
    cleanups.push(
      () => redis.stop(),
      () => s3.close(),
    );
    const url = `http://127.0.0.1:${proxyPort}`;

    async function createInstance(port: number): Promise<Instance> {
      // Only the mail outbox lands here (no SMTP_URL): everything else is in PostgreSQL and the bucket.
      const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'deckhand-proxied-'));
      cleanups.push(() => fs.rm(dataDir, { recursive: true, force: true }));
      const env = {
        ...s3.env,
        PORT: String(port),
        DATA_DIR: dataDir,
        DATABASE_URL: postgres.url,
        REDIS_URL: redis.url,
        PUBLIC_URL: url,
        TRUST_PROXY: '1',
        METRICS_TOKEN: metricsToken,
        SHUTDOWN_GRACE_SECONDS: '10',
      };
      const upstream = `127.0.0.1:${port}`;
      const address = `http://${upstream}`;
      const instance: Instance = {
        port,
        address,
        upstream,
        server: spawnServer(env),
        async start() {
          instance.server = spawnServer(env);
          await waitUntilReady(instance.server);
        },
        async metric(name) {
          const res = await fetch(`${address}/metrics`, { headers: { authorization: `Bearer ${metricsToken}` } });
          if (!res.ok) throw new Error(`GET ${address}/metrics answered ${res.status}`);
          return metricValue(await res.text(), name);
        },
      };
      cleanups.push(async () => {
        await instance.server.stop();
      });
      return instance;
    }

    const instances: [Instance, Instance] = [await createInstance(portA), await createInstance(portB)];
    // Both start at once on the empty database, as a deployment's instances do: one migrates, the other waits.
    await Promise.all(instances.map((instance) => waitUntilReady(instance.server)));
    const nginx = await startNginxProxy([portA, portB], proxyPort);
    cleanups.push(() => nginx.stop());
    return { url, postgres, redis, s3, nginx, instances, close };
  } catch (err) {
    // A PostgreSQL cluster or a server left running would outlive the test run.
    await close();
    throw err;
  }
}
