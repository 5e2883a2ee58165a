// 7. Project lists under load: GET /api/projects for a person in 200 projects (each showing 5 members'
// avatars) and GET /api/projects/{id}/members for a project with 500 members, by 50 concurrent clients on
// loopback. autocannon runs in this process, so it shares the machine's cores with the server. Unchanged
// lists are answered from the server's answer cache after one version read; the 'built again' figure is what
// the first request after a change costs.
import autocannon from 'autocannon';
import { callApi } from './api-client.mjs';
import { registerAccounts } from './bench-accounts.mjs';
import { startServerProfile } from './cpu-profile.mjs';
import { inspectorEnv } from './inspector-client.mjs';
import { percentile } from './latency-stats.mjs';
import { startCpuMeter, waitForQuietCpu } from './process-cpu.mjs';
import { printProfileSummary } from './profile-summary.mjs';
import { addMembers, createProjects } from './project-setup.mjs';
import { formatKb, formatMs } from './report.mjs';
import { findFreePort, startHealthyServer, stopServerNoting } from './server-process.mjs';

const projectCount = 200;
const bigProjectMembers = 500;
// Fills every other project's avatar row (projectLimits.avatarsInList is 5, the owner included).
const membersPerSmallProject = 4;
const clientCount = 50;
const sequentialRequests = 20;
const targetP99Ms = 25;

/** One person in 200 projects; the first of them has 500 more members, the rest 4 each. */
async function setUpLists(baseUrl) {
  const startedAt = performance.now();
  const [person] = await registerAccounts(baseUrl, { count: 1, label: 'lists-owner' });
  const members = await registerAccounts(baseUrl, { count: bigProjectMembers, label: 'lists' });
  const projectIds = await createProjects(baseUrl, person, { count: projectCount, namePrefix: 'Listed project' });
  const [bigProjectId, ...smallProjectIds] = projectIds;
  const fewMembers = members.slice(0, membersPerSmallProject);
  await addMembers(baseUrl, person, [
    ...members.map((account) => ({ projectId: bigProjectId, account })),
    ...smallProjectIds.flatMap((projectId) => fewMembers.map((account) => ({ projectId, account }))),
  ]);
  console.log(`  list setup took ${formatMs(performance.now() - startedAt)} (accounts, projects, members)`);
  return { person, bigProjectId };
}

/**
 * Median latency of one client alone, and the size of the answer, which says what the load test moves. With
 * `change`, each request follows a change to the list (so the server builds the answer again, as after any edit);
 * only the request is timed.
 */
async function timeOneClient(baseUrl, path, token, change) {
  const latencies = [];
  let bytes = 0;
  for (let i = 0; i < sequentialRequests; i += 1) {
    if (change) await change(i);
    const startedAt = performance.now();
    const res = await fetch(baseUrl + path, { headers: { authorization: `Bearer ${token}` } });
    bytes = (await res.arrayBuffer()).byteLength;
    if (res.status !== 200) throw new Error(`GET ${path}: expected 200, got ${res.status}`);
    latencies.push(performance.now() - startedAt);
  }
  return { medianMs: percentile(latencies, 50), bytes };
}

function describeFailures(result) {
  const statuses = Object.keys(result.statusCodeStats).filter((code) => !code.startsWith('2'));
  const non2xx = result.non2xx > 0 ? `${result.non2xx} non-2xx (HTTP ${statuses.join(', ')}), ` : '';
  const timeoutS = 10; // autocannon's default
  return `${non2xx}${result.errors - result.timeouts} connection errors, ${result.timeouts} timeouts (> ${timeoutS} s)`;
}

async function measureOneList(report, { name, server, path, token, change, durationSeconds, withTarget }) {
  const { quiet } = await waitForQuietCpu([server.pid]);
  if (!quiet) console.log('  note: the server was still busy after its setup; measuring anyway');
  const alone = await timeOneClient(server.url, path, token);
  const rebuilt = await timeOneClient(server.url, path, token, change);
  const shortPath = path.replace(/[0-9a-f-]{36}/, '{id}');
  console.log(`  ${clientCount} clients × GET ${shortPath} for ${durationSeconds} s …`);
  const profiler = server.inspectPort ? await startServerProfile(server.inspectPort) : undefined;
  const cpuMeter = startCpuMeter([server.pid]);
  const result = await autocannon({
    url: server.url + path,
    connections: clientCount,
    duration: durationSeconds,
    headers: { authorization: `Bearer ${token}` },
  });
  const cpu = cpuMeter.stop();
  if (profiler) printProfileSummary(`the server under GET ${shortPath}`, await profiler.stop());
  const failures = result.non2xx + result.errors; // autocannon counts timeouts among errors
  const failed = failures > 0 ? `; failed: ${describeFailures(result)}` : '';
  report.add({
    name: `${name}, ${clientCount} clients: p99 latency`,
    figure: `${formatMs(result.latency.p99)} (p50 ${formatMs(result.latency.p50)})${failed}`,
    ...(withTarget && { target: `≤ ${targetP99Ms} ms`, met: result.latency.p99 <= targetP99Ms && failures === 0 }),
  });
  report.add({
    name: `${name}, ${clientCount} clients: throughput`,
    figure: `${result.requests.average.toFixed(1)} req/s (1 client alone: median ${formatMs(alone.medianMs)}; ${formatKb(alone.bytes)} per answer)`,
  });
  report.add({
    name: `${name}: answer built again after a change (1 client)`,
    figure: `median ${formatMs(rebuilt.medianMs)}`,
  });
  const perRequest = (ms) => formatMs(ms / Math.max(1, result.requests.total));
  report.add({
    name: `${name}, ${clientCount} clients: CPU per request`,
    figure: `server ${perRequest(cpu.serversMs[0])}, bench (autocannon) ${perRequest(cpu.benchMs)}`,
  });
}

/**
 * Adds the list figures for one database (label 'PGlite' or 'PostgreSQL'); only PostgreSQL has a target.
 * With `profile`, also prints where the server spent its CPU under each load.
 */
export async function measureProjectLists(report, { label, workDir, databaseUrl, durationSeconds, profile = false }) {
  const inspectPort = profile ? await findFreePort() : undefined;
  const server = await startHealthyServer(workDir, `lists-${label.toLowerCase()}`, {
    TRUST_PROXY: 'true',
    ...(databaseUrl && { DATABASE_URL: databaseUrl }),
    ...(profile && inspectorEnv(inspectPort)),
  });
  server.inspectPort = inspectPort;
  try {
    const { person, bigProjectId } = await setUpLists(server.url);
    const list = await callApi(server.url, 'GET', '/api/projects', { token: person.idToken });
    const members = await callApi(server.url, 'GET', `/api/projects/${bigProjectId}/members`, {
      token: person.idToken,
    });
    console.log(`  the person sees ${list.length} projects; the big project lists ${members.members.length} members`);
    // autocannon's clients send back to back, so latency ≈ clients ÷ throughput (Little's law).
    const neededRate = Math.ceil((clientCount * 1000) / targetP99Ms);
    console.log(`  with ${clientCount} clients back to back, p99 ≤ ${targetP99Ms} ms needs ≳ ${neededRate} req/s`);
    // A new description changes the project's version, so both lists are built again on the next request.
    const change = (i) =>
      callApi(server.url, 'PATCH', `/api/projects/${bigProjectId}`, {
        token: person.idToken,
        body: { description: `Changed ${i}` },
      });
    const common = { server, token: person.idToken, change, durationSeconds, withTarget: Boolean(databaseUrl) };
    await measureOneList(report, {
      ...common,
      name: `GET /api/projects (${label}), ${projectCount} projects`,
      path: '/api/projects',
    });
    await measureOneList(report, {
      ...common,
      name: `GET …/members (${label}), ${bigProjectMembers + 1} members`,
      path: `/api/projects/${bigProjectId}/members`,
    });
  } finally {
    await stopServerNoting(server, `the ${label} list server`);
  }
}
