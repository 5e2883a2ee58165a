import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import readline from 'node:readline';

export interface ServerProcess {
  child: ChildProcess;
  /** Every line the server printed so far. */
  lines: string[];
  /** Resolves when a line matching `match` has been printed (or already was). */
  waitForLog(match: RegExp): Promise<void>;
  /** Resolves with the exit code once the process has exited. */
  exited: Promise<number | null>;
  stop(): Promise<number | null>;
}

/**
 * Spawns the real entry point (src/main.ts, through tsx) as `npm start` would run it. The caller's env is laid
 * over this process's, with the database and Redis settings of the test pass cleared unless given.
 */
export function spawnServer(env: Record<string, string>): ServerProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: path.resolve(import.meta.dirname, '../..'),
    env: { ...process.env, LOG_LEVEL: 'info', LOG_FORMAT: 'json', DATABASE_URL: '', REDIS_URL: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  const waiters: { match: RegExp; resolve: () => void }[] = [];
  for (const stream of [child.stdout, child.stderr]) {
    if (!stream) continue;
    readline.createInterface({ input: stream }).on('line', (line) => {
      lines.push(line);
      for (const waiter of waiters.filter((w) => w.match.test(line))) waiter.resolve();
    });
  }
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  function waitForLog(match: RegExp): Promise<void> {
    return new Promise((resolve) => {
      if (lines.some((line) => match.test(line))) resolve();
      else waiters.push({ match, resolve });
    });
  }
  return {
    child,
    lines,
    waitForLog,
    exited,
    stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      return exited;
    },
  };
}

/** Waits for "Deckhand is ready"; rejects with the server's output if it exits first. */
export async function waitUntilReady(server: ServerProcess): Promise<void> {
  let ready = false;
  const exitedEarly = server.exited.then((code) => {
    if (!ready) throw new Error(`the server exited (code ${code}) before it was ready:\n${server.lines.join('\n')}`);
  });
  await Promise.race([
    server.waitForLog(/Deckhand is ready/).then(() => {
      ready = true;
    }),
    exitedEarly,
  ]);
}
