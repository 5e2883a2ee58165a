import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { spawnServer, waitUntilReady } from './support/server-process';
import { startSlowUpload } from './support/slow-upload';
import { freePort, strongPassword, uniqueEmail } from './support/test-app';

const dirs: string[] = [];
afterAll(async () => {
  for (const dir of dirs) await fs.rm(dir, { recursive: true, force: true });
});

/** Starts the real entry point (src/main.ts) as `npm start` would, on PGlite in a temp DATA_DIR. */
async function startServer(dataDir: string, port: number) {
  const server = spawnServer({ PORT: String(port), DATA_DIR: dataDir });
  await waitUntilReady(server);
  return server;
}

async function post<T>(port: number, url: string, body: unknown, token?: string): Promise<T> {
  const res = await fetch(`http://127.0.0.1:${port}${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token && { authorization: `Bearer ${token}` }) },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${url}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** A server with an account, a project and a 30 MiB upload under way. */
async function startWithUpload(env: Record<string, string> = {}) {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'deckhand-drain-'));
  dirs.push(dataDir);
  const port = await freePort();
  const server = spawnServer({ PORT: String(port), DATA_DIR: dataDir, ...env });
  await waitUntilReady(server);
  const account = await post<{ id_token: string }>(port, '/api/auth/register', {
    email: uniqueEmail('drain'),
    password: strongPassword,
    name: 'Drain',
  });
  const project = await post<{ id: string }>(port, '/api/projects', { name: 'Drain' }, account.id_token);
  const upload = startSlowUpload(`http://127.0.0.1:${port}`, account.id_token, project.id);
  await upload.started;
  // The server is writing it: its partial file is on disk.
  await expect.poll(() => countPartials(dataDir), { timeout: 10_000 }).toBe(1);
  return { server, upload, dataDir };
}

/** Files being written under DATA_DIR: a put under way, or one whose clean-up never ran. */
async function countPartials(dataDir: string): Promise<number> {
  return (await fs.readdir(dataDir, { recursive: true })).filter((name) => name.endsWith('.partial')).length;
}

function stop(child: ChildProcess): void {
  child.kill('SIGTERM');
}

// The entry point runs on its default, embedded PGlite in both passes; PostgreSQL is covered through buildApp.
describe('the server process', () => {
  it('finishes an in-flight request on SIGTERM, exits 0, and starts again on the same data', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'deckhand-shutdown-'));
    dirs.push(dataDir);
    const port = await freePort();
    const server = await startServer(dataDir, port);
    const email = uniqueEmail('inflight');
    const inFlight = fetch(`http://127.0.0.1:${port}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: strongPassword, name: 'In Flight' }),
    });
    await server.waitForLog(/"url":"\/api\/auth\/register"/);
    stop(server.child);
    expect((await inFlight).status).toBe(201);
    expect(await server.exited).toBe(0);

    const again = await startServer(dataDir, port);
    const login = await fetch(`http://127.0.0.1:${port}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: strongPassword }),
    });
    expect(login.status).toBe(200);
    stop(again.child);
    expect(await again.exited).toBe(0);
  }, 60_000);

  it('lets a 30 MiB upload under way at SIGTERM finish, then exits 0', async () => {
    const { server, upload } = await startWithUpload();
    stop(server.child);
    await server.waitForLog(/shutting down/);
    upload.finish();
    const answer = await upload.answer;
    expect(answer.status).toBe(201);
    expect(JSON.parse(answer.body)).toMatchObject({ size: 30 * 1024 * 1024 });
    expect(await server.exited).toBe(0);
  }, 60_000);

  it('answers 503 to an upload still arriving when the grace period ends, and leaves none of it on disk', async () => {
    const { server, upload, dataDir } = await startWithUpload({ SHUTDOWN_GRACE_SECONDS: '1' });
    stop(server.child);
    const answer = await upload.answer;
    expect(answer.status).toBe(503);
    expect(await server.exited).toBe(0);
    expect(await countPartials(dataDir)).toBe(0);
  }, 60_000);

  it('exits at once on a second signal, whatever is under way', async () => {
    const { server, upload } = await startWithUpload({ SHUTDOWN_GRACE_SECONDS: '600' });
    const outcome = upload.answer.then(
      () => 'answered',
      () => 'cut',
    );
    stop(server.child);
    await server.waitForLog(/shutting down/);
    stop(server.child);
    expect(await server.exited).toBe(143);
    expect(await outcome).toBe('cut');
  }, 60_000);
});
