import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectCollab, textOf } from '../support/collab-client';
import { connectLive } from '../support/live-client';
import { deployedSiteConfig, upstreamHeader } from '../support/nginx-proxy';
import { type ProxiedDeployment, startProxiedDeployment } from '../support/proxied-deployment';
import { startSlowUpload } from '../support/slow-upload';
import { strongPassword, uniqueEmail } from '../support/test-app';
import {
  callThrough,
  expectNoSockets,
  instanceAt,
  onBothInstances,
  otherThan,
  type ProxiedAnswer,
} from '../support/through-proxy';

// docs/deploy.md's deployment, proven: nginx with the documented site in front of two instances of the real entry
// point, on a PostgreSQL, a Redis and a bucket of the test's own, then each fault an operator will meet (issue 28).
let d: ProxiedDeployment;
let email: string;
let token: string;
let userId: string;
let projectId: string;
let cardId: string;
const open: { close(): void }[] = [];

function call<T = { id: string }>(method: string, url: string, body?: unknown): Promise<ProxiedAnswer<T>> {
  return callThrough<T>(d, token, method, url, body);
}

async function callOk<T = { id: string }>(method: string, url: string, body?: unknown): Promise<T> {
  const res = await call<T>(method, url, body);
  if (res.status >= 300) throw new Error(`${method} ${url} answered ${res.status}: ${JSON.stringify(res.body)}`);
  return res.body;
}

/** Sockets on both instances, closed with the others when a test moves on. */
async function socketsOnBoth<T extends { close(): void }>(gauge: string, connect: () => Promise<T>): Promise<[T, T]> {
  const pair = await onBothInstances(d, gauge, connect);
  open.push(...pair);
  return pair;
}

/**
 * Starts an upload that declares `declaredBytes` through the proxy, sends its first 64 KiB and resolves with the
 * answer, which comes before the rest would have been sent.
 */
function declareUpload(url: string, declaredBytes: number): Promise<{ status: number; type: string; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(`${d.url}${url}`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': 'multipart/form-data; boundary=declared-boundary',
        'content-length': String(declaredBytes),
      },
    });
    req.on('response', (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        body += chunk;
      });
      res.on('end', () => {
        req.destroy();
        resolve({ status: res.statusCode ?? 0, type: String(res.headers['content-type']), body });
      });
    });
    // The proxy and the instance close the connection on the unsent rest once they have answered.
    req.on('error', (err) => (req.writableEnded ? undefined : reject(err)));
    req.write('--declared-boundary\r\nContent-Disposition: form-data; name="file"; filename="big.bin"\r\n\r\n');
    req.write(Buffer.alloc(64 * 1024));
  });
}

async function closeSockets(): Promise<void> {
  for (const socket of open.splice(0)) socket.close();
  await expectNoSockets(d);
}

beforeAll(async () => {
  d = await startProxiedDeployment();
  email = uniqueEmail('proxied');
  const session = await fetch(`${d.url}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: strongPassword, name: 'Pat Proxied' }),
  });
  expect(session.status).toBe(201);
  const registered = (await session.json()) as { id_token: string; user: { id: string } };
  token = registered.id_token;
  userId = registered.user.id;
  projectId = (await callOk('POST', '/api/projects', { name: 'Behind nginx' })).id;
  cardId = (await callOk('POST', `/api/projects/${projectId}/cards`, { title: 'Shared card' })).id;
}, 120_000);

afterAll(async () => {
  for (const socket of open) socket.close();
  await d?.close();
});

describe('two instances behind nginx, configured as docs/deploy.md says', () => {
  it('runs the documented configuration, shown in docs/deploy.md as it is in docs/nginx/deckhand.conf', async () => {
    const deployDoc = await fs.readFile(path.resolve(path.dirname(deployedSiteConfig), '../deploy.md'), 'utf8');
    expect(deployDoc).toContain(`\`\`\`nginx\n${await fs.readFile(deployedSiteConfig, 'utf8')}\`\`\``);
  });

  it('co-edits a card, delivers chat live, serves files and fires a reminder once, across instances', async () => {
    // First, so that its moment passes while the rest runs.
    const reminded = await callOk('POST', `/api/cards/${cardId}/tasks`, {
      title: 'Remind me once',
      due_at: new Date(Date.now() + 4000).toISOString(),
      assignee_ids: [userId],
    });

    const [one, two] = await socketsOnBoth('deckhand_collab_sockets', () => connectCollab(d.url, cardId, token));
    one.type('Typed on one. ');
    await expect.poll(() => textOf(two), { timeout: 5000 }).toBe('Typed on one. ');
    two.type('Typed on two.');
    await expect.poll(() => textOf(one), { timeout: 5000 }).toBe('Typed on one. Typed on two.');

    const lives = await socketsOnBoth('deckhand_live_sockets', () => connectLive(d.url, token));
    const [chat] = await callOk<{ id: string }[]>('GET', `/api/cards/${cardId}/chats`);
    const message = await callOk('POST', `/api/chats/${chat?.id}/messages`, { text: 'Seen on both instances' });
    for (const live of lives) {
      await live.waitFor((m) => m.type === 'message_created' && m.message_id === message.id);
    }

    const bytes = randomBytes(256 * 1024);
    const form = new FormData();
    form.append('file', new Blob([bytes], { type: 'application/octet-stream' }), 'shared.bin');
    const uploaded = await fetch(`${d.url}/api/projects/${projectId}/files`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    expect(uploaded.status).toBe(201);
    const elsewhere = otherThan(d, uploaded.headers.get(upstreamHeader)).upstream;
    const file = (await uploaded.json()) as { url: string };
    const servedBy = new Set<string>();
    for (let attempt = 0; attempt < 3 && !servedBy.has(elsewhere); attempt += 1) {
      const download = await fetch(new URL(file.url, d.url));
      expect(download.status).toBe(200);
      expect(Buffer.from(await download.arrayBuffer()).equals(bytes)).toBe(true);
      servedBy.add(download.headers.get(upstreamHeader) ?? '');
    }
    expect(servedBy).toContain(elsewhere);

    // Each instance's metrics are its own: scraped at its port, never through the proxy.
    const metrics = await call('GET', '/metrics');
    expect(metrics.status).toBe(404);
    expect(metrics.upstream).toBe('');

    await expectRemindedOnce(reminded.id);
  }, 60_000);

  it('leaves a too large upload or import to Deckhand to refuse, with its JSON error, whatever its size', async () => {
    for (const [url, declared, code] of [
      [`/api/projects/${projectId}/files`, 150 * 1024 * 1024, 'files/too-large'],
      ['/api/imports', 1536 * 1024 * 1024, 'imports/too-large'],
    ] as const) {
      const answer = await declareUpload(url, declared);
      expect(answer.status, url).toBe(413);
      expect(answer.type, url).toContain('application/json');
      expect(JSON.parse(answer.body), url).toMatchObject({ error: { code } });
    }
  });

  it('counts sign-in failures by the address nginx saw, whatever X-Forwarded-For the client sends', async () => {
    const guessed = uniqueEmail('guessed');
    const signIn = (claimed: string) =>
      fetch(`${d.url}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': claimed },
        body: JSON.stringify({ email: guessed, password: 'not-the-password' }),
      }).then((res) => res.status);
    const statuses: number[] = [];
    // One account from one address may fail 10 times (login-limits.ts); each attempt claims another address.
    for (let n = 1; n <= 11; n += 1) statuses.push(await signIn(`203.0.113.${n}`));
    expect(statuses).toEqual([...Array(10).fill(401), 429]);
  });

  it('answers 503, never 500, while PostgreSQL restarts, and keeps every task it acknowledged', async () => {
    const answers: { status: number; id?: string; code?: string; retryAfter: string | null }[] = [];
    let streaming = true;
    async function createTasks(lane: number): Promise<void> {
      for (let n = 0; streaming; n += 1) {
        const res = await call<{ id?: string; error?: { code: string } }>('POST', `/api/cards/${cardId}/tasks`, {
          title: `Lane ${lane}, task ${n}`,
        });
        answers.push({
          status: res.status,
          id: res.body.id,
          code: res.body.error?.code,
          retryAfter: res.headers.get('retry-after'),
        });
      }
    }
    const acknowledged = () => answers.filter((answer) => answer.status === 201).length;
    const lanes = [createTasks(1), createTasks(2)];
    await expect.poll(acknowledged, { timeout: 10_000 }).toBeGreaterThanOrEqual(5);
    await d.postgres.stop();
    // Away until a request has found it so, however fast the machine: a restart alone was once over between two
    // requests of both lanes, and nothing was refused.
    await expect.poll(() => answers.length - acknowledged(), { timeout: 10_000 }).toBeGreaterThan(0);
    await d.postgres.start();
    const afterRestart = acknowledged();
    await expect.poll(acknowledged, { timeout: 20_000 }).toBeGreaterThanOrEqual(afterRestart + 5);
    streaming = false;
    await Promise.all(lanes);

    const refused = answers.filter((answer) => answer.status !== 201);
    for (const answer of refused) {
      expect(answer).toEqual({ status: 503, code: 'service/unavailable', retryAfter: expect.any(String) });
    }
    const board = await callOk<{ tasks: { id: string }[] }>('GET', `/api/projects/${projectId}/board`);
    const onBoard = new Set(board.tasks.map((task) => task.id));
    const missing = answers.filter((answer) => answer.status === 201 && !onBoard.has(answer.id ?? ''));
    expect(missing).toEqual([]);
  }, 60_000);

  it('answers sign-in 503 during a 10 s Redis outage, then resyncs every live socket', async () => {
    await closeSockets();
    const lives = await socketsOnBoth('deckhand_live_sockets', () => connectLive(d.url, token));
    const marks = d.instances.map((instance) => instance.server.lines.length);
    const stoppedAt = Date.now();
    await d.redis.stop();
    for (const [i, instance] of d.instances.entries()) {
      await expect
        .poll(() => instance.server.lines.slice(marks[i]).some((line) => line.includes('"msg":"redis unavailable"')))
        .toBe(true);
    }

    const during = await fetch(`${d.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: strongPassword }),
    });
    expect(during.status).toBe(503);
    expect(Number(during.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await during.json()).toEqual({ error: { code: 'service/unavailable', message: expect.any(String) } });

    // The outage itself: the one fixed wait in this file.
    await delay(Math.max(0, 10_000 - (Date.now() - stoppedAt)));
    await d.redis.start();

    for (const live of lives) {
      const outcome = await Promise.race([
        live.waitFor((m) => m.type === 'resync', 15_000).then(() => 'resync'),
        live.closed.then(() => 'closed'),
      ]);
      expect(['resync', 'closed']).toContain(outcome);
      if (outcome === 'closed') open.push(await connectLive(d.url, token));
    }
    await expect
      .poll(
        async () => {
          const res = await fetch(`${d.url}/api/auth/login`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ email, password: strongPassword }),
          });
          return res.status;
        },
        { timeout: 10_000 },
      )
      .toBe(200);
  }, 60_000);

  it('lets an upload through the proxy finish on an instance sent SIGTERM, while the other takes new requests', async () => {
    await closeSockets();
    // nginx alternates: the upload goes to the instance this request did not.
    const probe = await call('GET', '/api/health');
    const target = otherThan(d, probe.upstream);
    const other = instanceAt(d, probe.upstream);
    const mib = 1024 * 1024;
    // Parts of 9 MiB: past the 8 MiB the instance buffers before it begins the bucket's multipart upload.
    const upload = startSlowUpload(d.url, token, projectId, { chunkBytes: 9 * mib, chunks: 3 });
    await upload.started;
    await expect.poll(() => d.s3.multipartUploadsUnderWay(), { timeout: 10_000 }).toBe(1);

    target.server.child.kill('SIGTERM');
    await target.server.waitForLog(/shutting down/);
    for (let n = 0; n < 4; n += 1) {
      const res = await call('GET', '/api/projects');
      expect(res.status).toBe(200);
      expect(res.upstream).toBe(other.upstream);
    }
    upload.finish();
    const answer = await upload.answer;
    expect(answer.status).toBe(201);
    expect(answer.headers[upstreamHeader]).toBe(target.upstream);
    expect(JSON.parse(answer.body)).toMatchObject({ size: 27 * mib });
    expect(await target.server.exited).toBe(0);

    await target.start();
  }, 60_000);

  it('answers from the other instance when one is killed', async () => {
    const [victim] = d.instances;
    victim.server.child.kill('SIGKILL');
    await victim.server.exited;
    for (let n = 0; n < 6; n += 1) {
      const res =
        n % 2 === 0 ? await call('GET', `/api/projects/${projectId}/board`) : await call('GET', '/api/projects');
      expect(res.status).toBe(200);
    }
    const created = await call('POST', `/api/cards/${cardId}/tasks`, { title: 'After the kill' });
    expect(created.status).toBe(201);
  }, 30_000);
});

/** One overdue notification, counted once both of the task's reminder jobs are done, so no late one can follow. */
async function expectRemindedOnce(taskId: string): Promise<void> {
  const overdue = async () => {
    const notes = await callOk<{ type: string; task_id: string | null }[]>('GET', '/api/notifications');
    return notes.filter((note) => note.type === 'task_overdue' && note.task_id === taskId).length;
  };
  await expect.poll(overdue, { timeout: 20_000 }).toBe(1);
  const client = new pg.Client({ connectionString: d.postgres.url });
  await client.connect();
  try {
    const states = async () => {
      const { rows } = await client.query<{ state: string }>(
        "select state from pgboss.job where name = 'task-reminders' and data->>'task_id' = $1",
        [taskId],
      );
      return rows.map((row) => row.state);
    };
    await expect.poll(async () => (await states()).sort(), { timeout: 10_000 }).toEqual(['completed', 'completed']);
  } finally {
    await client.end();
  }
  expect(await overdue()).toBe(1);
}
