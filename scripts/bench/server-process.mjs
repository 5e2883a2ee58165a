// Starts, watches and stops the built server (apps/server/dist/main.js) for the bench. Every child is
// tracked, so an error or Ctrl-C anywhere still kills it: a leftover server would keep its port and its
// CPU use would skew the next measurement.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';

export const repoRoot = path.resolve(import.meta.dirname, '../..');
export const serverMainPath = path.join(repoRoot, 'apps/server/dist/main.js');

/** package.json's start script: its leading `NAME=value` settings, then the command's words. */
export function readStartScript() {
  const { scripts } = JSON.parse(fs.readFileSync(path.join(repoRoot, 'package.json'), 'utf8'));
  const words = scripts.start.split(/\s+/);
  const env = {};
  while (/^[A-Z_][A-Z0-9_]*=/.test(words[0] ?? '')) {
    const [name, ...value] = words.shift().split('=');
    env[name] = value.join('=');
  }
  return { env, words };
}

/**
 * The node flags and environment of package.json's start script (they bound memory), so every measurement runs
 * the server as `npm start` does. main.js is started directly: scripts/start.mjs would first rebuild a stale build.
 */
export function startScriptNodeFlags() {
  return readStartScript().words.filter((arg) => arg.startsWith('--'));
}

/** Short enough not to blur a startup time measured in hundreds of milliseconds. */
const healthPollMs = 5;
const running = new Set();

/** Synchronous, so it also works from process.on('exit'). */
export function killAllServers() {
  for (const child of running) {
    try {
      process.kill(-child.pid, 'SIGKILL'); // the whole group of a command like `npm start`
    } catch {
      child.kill('SIGKILL');
    }
  }
}

/** Asks the OS for a free port, so parallel runs and a developer's own server (3000) don't collide. */
export function findFreePort() {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

function defaultCommand() {
  return [process.execPath, ...startScriptNodeFlags(), serverMainPath];
}

/**
 * Spawns the server with only the variables we set (plus PATH/HOME), so a DATABASE_URL or REDIS_URL in the
 * caller's shell cannot silently change what is measured. Logs go to a file: an unread pipe would fill up
 * and stall the server, and reading it would cost the bench process CPU during the load test.
 */
export function startServer({ dataDir, port, logPath, env = {}, command = defaultCommand() }) {
  const logFd = fs.openSync(logPath, 'a');
  const spawnedAt = performance.now();
  const [file, ...args] = command;
  // A command such as `npm start` runs the server as a grandchild: its own process group lets a stop reach it.
  const grouped = file !== process.execPath;
  const child = spawn(file, args, {
    detached: grouped,
    cwd: repoRoot,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      ...readStartScript().env,
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      ...env,
    },
    stdio: ['ignore', logFd, logFd],
  });
  fs.closeSync(logFd);
  running.add(child);
  const exited = new Promise((resolve) => {
    child.once('exit', (code, signal) => {
      running.delete(child);
      resolve({ code, signal, at: performance.now() });
    });
    child.once('error', (err) => {
      running.delete(child);
      resolve({ code: null, signal: null, at: performance.now(), error: err });
    });
  });
  return { child, pid: child.pid, grouped, url: `http://127.0.0.1:${port}`, logPath, spawnedAt, exited };
}

/** The last lines of a server's log, to put in an error message. */
export function readLogTail(logPath, lines = 15) {
  if (!fs.existsSync(logPath)) return '(no log)';
  return fs.readFileSync(logPath, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
}

/** GET with a fresh connection each time (no keep-alive), resolving to the status code. */
function getStatus(url) {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { agent: false, timeout: 2000 }, (res) => {
      res.resume();
      resolve(res.statusCode);
    });
    req.once('timeout', () => req.destroy(new Error(`GET ${url} timed out`)));
    req.once('error', reject);
  });
}

/**
 * Polls GET /api/health until it answers 200; resolves to the performance.now() of that answer.
 * @throws when the process exits first or the deadline passes (the message carries the log tail)
 */
export async function waitForHealthy(server, { timeoutMs = 30_000 } = {}) {
  let exit;
  server.exited.then((result) => {
    exit = result;
  });
  const deadline = performance.now() + timeoutMs;
  while (performance.now() < deadline) {
    if (exit) {
      throw new Error(
        `server exited (code ${exit.code}, signal ${exit.signal}) before it was healthy:\n${readLogTail(server.logPath)}`,
      );
    }
    const status = await getStatus(`${server.url}/api/health`).catch(() => undefined);
    if (status === 200) return performance.now();
    await delay(healthPollMs);
  }
  throw new Error(`server not healthy after ${timeoutMs} ms:\n${readLogTail(server.logPath)}`);
}

/** Sends SIGTERM and waits for exit; SIGKILLs after the deadline. Resolves to { code, signal, shutdownMs, killed }. */
export async function stopServer(server, { timeoutMs = 10_000 } = {}) {
  const sentAt = performance.now();
  if (server.grouped) {
    process.kill(-server.pid, 'SIGTERM');
    const exit = await server.exited;
    return { ...exit, shutdownMs: exit.at - sentAt, killed: false };
  }
  if (!server.child.kill('SIGTERM')) {
    const exit = await server.exited;
    return { ...exit, shutdownMs: 0, killed: false };
  }
  const deadline = AbortSignal.timeout(timeoutMs);
  const timedOut = new Promise((resolve) => deadline.addEventListener('abort', () => resolve(undefined)));
  const exit = await Promise.race([server.exited, timedOut]);
  if (exit) return { ...exit, shutdownMs: exit.at - sentAt, killed: false };
  server.child.kill('SIGKILL');
  const killedExit = await server.exited;
  return { ...killedExit, shutdownMs: killedExit.at - sentAt, killed: true };
}

/**
 * startServer + waitForHealthy on a free port, with its data dir and log named after `name` in workDir.
 * @throws when it never gets healthy (after stopping it)
 */
export async function startHealthyServer(workDir, name, env = {}) {
  const port = await findFreePort();
  const dataDir = path.join(workDir, `${name}-data`);
  const server = startServer({ dataDir, port, logPath: path.join(workDir, `${name}-server.log`), env });
  try {
    await waitForHealthy(server);
  } catch (err) {
    await stopServer(server);
    throw err;
  }
  return server;
}

/** stopServer, with a note when the exit was not clean: a crash under load is worth knowing about. */
export async function stopServerNoting(server, name) {
  const stop = await stopServer(server);
  if (stop.code !== 0) console.log(`  note: ${name} exited with code ${stop.code} (signal ${stop.signal})`);
  return stop;
}
