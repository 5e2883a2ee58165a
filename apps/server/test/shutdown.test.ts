import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { spawnServer, waitUntilReady } from './support/server-process';
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
});
