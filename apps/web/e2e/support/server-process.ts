import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
export const serverEntry = path.join(repoRoot, 'apps/server/dist/main.js');
/** First start initialises an embedded PostgreSQL (a few seconds); a slow machine gets generous room. */
const startupTimeoutMs = 90_000;

/** The built server, running on its own fresh data dir. */
export interface ServerProcess {
  /** http://localhost:<port>, which is also its PUBLIC_URL. */
  url: string;
  stop(): Promise<void>;
}

/** A port nothing listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

export async function isAnswering(url: string): Promise<boolean> {
  try {
    return (await fetch(url)).ok;
  } catch {
    // Connection refused: nothing listens yet.
    return false;
  }
}

async function waitForHealth(server: ChildProcess, healthUrl: string): Promise<void> {
  const deadline = Date.now() + startupTimeoutMs;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`The server exited with code ${server.exitCode} while starting`);
    if (await isAnswering(healthUrl)) return;
    await delay(200);
  }
  throw new Error(`The server did not answer ${healthUrl} within ${startupTimeoutMs} ms`);
}

/** Starts `apps/server/dist/main.js` on `port` with `env` added, and waits until it is healthy. */
export async function startServerProcess(port: number, env: Record<string, string>): Promise<ServerProcess> {
  if (!fs.existsSync(serverEntry)) throw new Error(`${serverEntry} is missing: run "npm run build" first`);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'deckhand-e2e-'));
  const url = `http://localhost:${port}`;
  const server = spawn(process.execPath, [serverEntry], {
    cwd: repoRoot,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      ...env,
    },
  });
  async function stop(): Promise<void> {
    if (server.exitCode === null && server.signalCode === null) {
      const exited = once(server, 'exit');
      server.kill('SIGTERM');
      await exited;
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  try {
    await waitForHealth(server, `http://127.0.0.1:${port}/api/health`);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, stop };
}
