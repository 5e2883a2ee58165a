// Three figures of the machine itself, none of our code: this 2-core machine's speed at what the server does
// most (loopback HTTP, JSON, loading modules) varies from day to day by more than most changes do: the same commit
// made 1,217–1,324 board tasks/s on PGlite one day and 752–851/s the next, and opened the board in Chromium in
// 0.5–0.7 s, then 1.1–1.8 s. Compare these figures before comparing any other across days.
import { spawnSync } from 'node:child_process';
import http from 'node:http';
import { repoRoot } from './server-process.mjs';

const roundTripSeconds = 2;
const inFlight = 8;
const answer = JSON.stringify({ id: '0'.repeat(36), title: 'A reference answer', labels: ['one', 'two'] });

/** Keep-alive HTTP round trips per second, client and server in this process, `inFlight` at a time. */
async function loopbackRoundTrips() {
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(answer) });
      res.end(answer);
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  const agent = new http.Agent({ keepAlive: true, maxSockets: inFlight });
  const roundTrip = () =>
    new Promise((resolve, reject) => {
      const req = http.request({ host: '127.0.0.1', port, method: 'POST', path: '/', agent }, (res) => {
        res.resume();
        res.on('end', resolve);
      });
      req.on('error', reject);
      req.end('{"title":"A reference request"}');
    });
  const endAt = performance.now() + roundTripSeconds * 1000;
  let count = 0;
  await Promise.all(
    Array.from({ length: inFlight }, async () => {
      while (performance.now() < endAt) {
        await roundTrip();
        count += 1;
      }
    }),
  );
  agent.destroy();
  await new Promise((resolve) => server.close(resolve));
  return count / roundTripSeconds;
}

/** Milliseconds for a new Node process to load fastify and exit (the median of three). */
function fastifyLoadMs() {
  const times = [];
  for (let i = 0; i < 3; i += 1) {
    const startedAt = performance.now();
    const result = spawnSync(process.execPath, ['-e', "require('fastify')"], { cwd: repoRoot });
    if (result.status !== 0) throw new Error(`loading fastify failed: ${result.stderr}`);
    times.push(performance.now() - startedAt);
  }
  return times.sort((a, b) => a - b)[1];
}

/**
 * Milliseconds to write and read back as JSON 5,000 task-shaped objects (1.69 MB; the bench's board of 5,000 tasks
 * is 1.46 MB), the median of five after a warm-up: work on one core and in memory only, which the loopback figure
 * does not isolate. On 2026-11-29 a second machine read like the first at loopback (12,769–15,394/s) while the
 * board's creations and moves on PostgreSQL ran at half the first machine's rate.
 */
function jsonRoundTripMs() {
  const tasks = Array.from({ length: 5000 }, (_, i) => ({
    id: `0000000${i}`.slice(-8).padEnd(36, '0'),
    title: `Task number ${i + 1}`,
    position: `a${i.toString(36)}`,
    assignee_ids: i % 3 === 0 ? ['0'.repeat(36)] : [],
    labels: i % 7 === 0 ? ['backend'] : [],
    due_at: null,
    priority: 'none',
    created_by: { user_id: '0'.repeat(36), name: 'A reference author' },
    created_at: '2026-11-29T12:00:00.000Z',
    updated_at: '2026-11-29T12:00:00.000Z',
  }));
  const once = () => {
    const startedAt = performance.now();
    JSON.parse(JSON.stringify(tasks));
    return performance.now() - startedAt;
  };
  for (let i = 0; i < 5; i += 1) once();
  const times = Array.from({ length: 5 }, once).sort((a, b) => a - b);
  return times[2];
}

/** Adds the machine's reference figures to the report (no targets: they describe the day, not the product). */
export async function measureMachineReference(report) {
  const roundTrips = await loopbackRoundTrips();
  report.add({
    name: 'machine reference: loopback HTTP round trips, one process',
    figure: `${Math.round(roundTrips).toLocaleString('en')}/s`,
  });
  report.add({
    name: 'machine reference: JSON of 5,000 tasks written and read, one core',
    figure: `${jsonRoundTripMs().toFixed(1)} ms`,
  });
  report.add({
    name: 'machine reference: new Node process loading fastify',
    figure: `${fastifyLoadMs().toFixed(0)} ms`,
  });
}
