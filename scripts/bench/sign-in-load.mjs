// 4. Sign-in under load: 20 accounts, then 20 concurrent clients on loopback posting /api/auth/login with
// rotating credentials. Every sign-in runs one argon2id verify, so this is also the server's hashing cost
// as users meet it. Clients send their own X-Forwarded-For (the server runs with TRUST_PROXY=true), so the
// per-address limits see 20 people instead of one address creating 20 accounts.
import path from 'node:path';
import autocannon from 'autocannon';
import { formatMs } from './report.mjs';
import { findFreePort, startServer, stopServer, waitForHealthy } from './server-process.mjs';

const accountCount = 20;
const clientCount = 20;
// 198.18.0.0/15 is reserved for benchmarks (RFC 2544), so these never look like real people in a log.
const registrationAddress = (i) => `198.18.0.${i + 1}`;
const clientAddress = (i) => `198.18.1.${i + 1}`;

async function postJson(url, body, address) {
  const startedAt = performance.now();
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, text, ms: performance.now() - startedAt };
}

async function registerAccounts(baseUrl) {
  const runTag = crypto.randomUUID().slice(0, 8);
  const accounts = [];
  let totalMs = 0;
  for (let i = 0; i < accountCount; i += 1) {
    const account = { email: `bench-${i}-${runTag}@example.test`, password: `Bench-harbour-${i}-x9` };
    const res = await postJson(
      `${baseUrl}/api/auth/register`,
      { ...account, name: `Bench ${i}` },
      registrationAddress(i),
    );
    if (res.status !== 201) throw new Error(`register ${account.email}: expected 201, got ${res.status} ${res.text}`);
    totalMs += res.ms;
    accounts.push(account);
  }
  return { accounts, msPerAccount: totalMs / accountCount };
}

/** One client at a time: the latency of a sign-in with no queue in front of the hash. */
async function timeSequentialSignIns(baseUrl, accounts) {
  const latencies = [];
  for (const [i, account] of accounts.entries()) {
    const res = await postJson(`${baseUrl}/api/auth/login`, account, clientAddress(i));
    if (res.status !== 200) throw new Error(`login ${account.email}: expected 200, got ${res.status} ${res.text}`);
    latencies.push(res.ms);
  }
  latencies.sort((a, b) => a - b);
  return latencies[Math.floor(latencies.length / 2)];
}

/** Each connection gets its own address and walks through every account, starting at its own offset. */
function runLoad(baseUrl, accounts, durationSeconds) {
  let nextClient = 0;
  return autocannon({
    url: baseUrl,
    connections: clientCount,
    duration: durationSeconds,
    setupClient(client) {
      const n = nextClient++;
      const headers = { 'content-type': 'application/json', 'x-forwarded-for': clientAddress(n) };
      const requests = accounts.map((_, j) => {
        const account = accounts[(n + j) % accounts.length];
        return { method: 'POST', path: '/api/auth/login', headers, body: JSON.stringify(account) };
      });
      client.setRequests(requests);
    },
  });
}

/** Adds the sign-in figures for one database (label: 'PGlite' or 'PostgreSQL') to the report. */
export async function measureSignIn(report, { label, workDir, databaseUrl, durationSeconds }) {
  const slug = label.toLowerCase();
  const env = { TRUST_PROXY: 'true', ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) };
  const port = await findFreePort();
  const logPath = path.join(workDir, `sign-in-${slug}-server.log`);
  const server = startServer({ dataDir: path.join(workDir, `sign-in-${slug}-data`), port, logPath, env });
  try {
    await waitForHealthy(server);
    const { accounts, msPerAccount } = await registerAccounts(server.url);
    report.add({ name: `register (${label}), sequential`, figure: `${formatMs(msPerAccount)}/account` });
    const medianMs = await timeSequentialSignIns(server.url, accounts);
    report.add({ name: `sign-in (${label}), 1 client: median latency`, figure: formatMs(medianMs) });

    console.log(`  ${clientCount} clients × POST /api/auth/login for ${durationSeconds} s …`);
    const result = await runLoad(server.url, accounts, durationSeconds);
    const name = `sign-in (${label}), ${clientCount} clients`;
    report.add({ name: `${name}: throughput`, figure: `${result.requests.average.toFixed(1)} req/s` });
    report.add({ name: `${name}: p50 latency`, figure: formatMs(result.latency.p50) });
    report.add({ name: `${name}: p99 latency`, figure: formatMs(result.latency.p99) });
    // autocannon counts timeouts among its errors too.
    const failures = result.errors;
    const extra =
      failures > 0 ? ` (+${result.errors - result.timeouts} connection errors, ${result.timeouts} timeouts)` : '';
    report.add({
      name: `${name}: non-2xx responses`,
      figure: `${result.non2xx} of ${result.requests.total}${extra}`,
      target: '0',
      met: result.non2xx === 0 && failures === 0,
    });
    if (result.non2xx > 0) console.log(`  status codes: ${JSON.stringify(result.statusCodeStats)}`);
  } finally {
    const stop = await stopServer(server);
    if (stop.code !== 0)
      console.log(`  note: the ${label} server exited with code ${stop.code} (signal ${stop.signal})`);
  }
}
