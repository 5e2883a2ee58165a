import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnServer, waitUntilReady } from './support/server-process';
import { freePort } from './support/test-app';

// One data dir for both runs: the second starts on an existing database instead of running initdb again.
let dataDir: string;
beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'deckhand-logs-'));
});
afterAll(() => fs.rm(dataDir, { recursive: true, force: true }));

/** Runs the real entry point until it is ready and has answered one request, and returns what it printed. */
async function runServer(env: Record<string, string>): Promise<string[]> {
  const port = await freePort();
  const server = spawnServer({ PORT: String(port), DATA_DIR: dataDir, ...env });
  await waitUntilReady(server);
  await fetch(`http://127.0.0.1:${port}/api/health`);
  await server.waitForLog(/request completed|← 200/);
  await server.stop();
  return server.lines;
}

describe('log format', () => {
  it('prints one readable line per event with LOG_FORMAT=pretty', async () => {
    const lines = await runServer({ LOG_FORMAT: 'pretty' });
    expect(lines.length).toBeGreaterThan(3);
    for (const line of lines) expect(line.startsWith('{'), line).toBe(false);
    expect(lines.find((line) => line.includes('Deckhand is ready'))).toMatch(/^\[\d\d:\d\d:\d\d\.\d{3}\] INFO/);
    // One line per request, when it ends.
    expect(lines.filter((line) => line.includes('/api/health'))).toEqual([
      expect.stringMatching(/req-\w+ GET \/api\/health ← 200 in [\d.]+ ms$/),
    ]);
  }, 60_000);

  it('prints JSON when stdout is not a terminal and LOG_FORMAT is unset', async () => {
    const lines = await runServer({ LOG_FORMAT: '' });
    const events = lines.map(
      (line) =>
        JSON.parse(line) as { msg?: string; req?: { method?: string; url?: string }; res?: { statusCode?: number } },
    );
    expect(events.some((event) => event.msg === 'Deckhand is ready')).toBe(true);
    expect(events.filter((event) => event.req?.url === '/api/health')).toEqual([
      expect.objectContaining({
        msg: 'request completed',
        req: expect.objectContaining({ method: 'GET' }),
        res: { statusCode: 200 },
      }),
    ]);
  }, 60_000);
});
