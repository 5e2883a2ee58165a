// 5. Live fan-out: the owner renames a project of 1,000 members, each with one socket open, and we time
// from the PATCH response (the write acknowledged) to the last socket holding its project_updated frame.
// First on one instance (in-process pub/sub), then, given PostgreSQL and Redis, on one instance with Redis
// and on two instances sharing the database and Redis, half the sockets on each, the PATCH going to A.
import { registerAccounts } from './bench-accounts.mjs';
import { measureFanoutPhase } from './fanout-phase.mjs';
import { inspectorEnv } from './inspector-client.mjs';
import { addMembers, createProjects } from './project-setup.mjs';
import { createBenchRedisPrefix } from './redis-prefix.mjs';
import { formatMs } from './report.mjs';
import { findFreePort, startHealthyServer, stopServerNoting } from './server-process.mjs';

const memberCount = 1000;
// The issuer claim of an ID token is PUBLIC_URL: with one value everywhere, each instance accepts the others' tokens.
const publicUrl = 'http://deckhand-bench.invalid';
// ID tokens last 15 minutes; a phase must not start with less than this left, or sockets close mid-phase.
const minTokenLifeLeftMs = 3 * 60_000;
const tokenLifetimeMs = 15 * 60_000;

async function setUpFanout(baseUrl) {
  const startedAt = performance.now();
  const [owner] = await registerAccounts(baseUrl, { count: 1, label: 'fanout-owner' });
  const members = await registerAccounts(baseUrl, { count: memberCount, label: 'fanout' });
  const [projectId] = await createProjects(baseUrl, owner, { count: 1, namePrefix: 'Fan-out' });
  const addStartedAt = performance.now();
  await addMembers(
    baseUrl,
    owner,
    members.map((account) => ({ projectId, account })),
  );
  console.log(`  added ${memberCount} members in ${formatMs(performance.now() - addStartedAt)}`);
  console.log(`  fan-out setup took ${formatMs(performance.now() - startedAt)} in all`);
  return { owner, members, projectId, issuedAt: owner.issuedAt };
}

function requireFreshTokens(fixture, label) {
  const leftMs = fixture.issuedAt + tokenLifetimeMs - performance.now();
  if (leftMs < minTokenLifeLeftMs) {
    throw new Error(`ID tokens expire in ${formatMs(leftMs)}: too soon to start "${label}" (setup was too slow)`);
  }
}

async function startFanoutServer(workDir, name, env, profile) {
  const inspectPort = profile ? await findFreePort() : undefined;
  const server = await startHealthyServer(workDir, name, { ...env, ...(profile && inspectorEnv(inspectPort)) });
  return Object.assign(server, { inspectPort });
}

async function measurePhase(report, fixture, phase) {
  requireFreshTokens(fixture, phase.label);
  await measureFanoutPhase(report, fixture, phase);
}

/**
 * Adds the fan-out figures. The two-instance figures need databaseUrl (PostgreSQL) and redisUrl; with
 * `profile`, each phase also prints where the servers and the bench spent their CPU.
 */
export async function measureLiveFanout(report, { workDir, databaseUrl, redisUrl, profile = false }) {
  console.log('  the client sockets and the PATCH client run in this process, on the same 2 cores as the server(s)');
  const env = { TRUST_PROXY: 'true', PUBLIC_URL: publicUrl, ...(databaseUrl && { DATABASE_URL: databaseUrl }) };
  const single = await startFanoutServer(workDir, 'fanout-single', env, profile);
  let fixture;
  try {
    fixture = await setUpFanout(single.url);
    await measurePhase(report, fixture, { label: '1 instance', servers: [single], targetMs: 50, profile });
  } finally {
    await stopServerNoting(single, 'the fan-out server');
  }
  if (!databaseUrl || !redisUrl) {
    console.log('  two instances need PostgreSQL and Redis (BENCH_/TEST_DATABASE_URL, BENCH_/TEST_REDIS_URL): skipped');
    return;
  }
  const redisEnv = { ...env, REDIS_URL: redisUrl, REDIS_KEY_PREFIX: createBenchRedisPrefix(redisUrl) };
  const a = await startFanoutServer(workDir, 'fanout-redis-a', redisEnv, profile);
  try {
    await measurePhase(report, fixture, { label: '1 instance + Redis', servers: [a], profile });
    const b = await startFanoutServer(workDir, 'fanout-redis-b', redisEnv, profile);
    try {
      await measurePhase(report, fixture, { label: '2 instances + Redis', servers: [a, b], targetMs: 100, profile });
    } finally {
      await stopServerNoting(b, 'fan-out server B');
    }
  } finally {
    await stopServerNoting(a, 'fan-out server A');
  }
}
