// A redis-server of the bench's own, on a free port, for a measurement that stops and starts Redis: the shared
// Redis (BENCH_REDIS_URL) may serve a test run at the same time, which must not see an outage. Nothing is written
// to disk, so a restarted server is empty, as after a crash of one without persistence.
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { findFreePort, readLogTail, startServer, stopServer } from './server-process.mjs';

const redisServerPath = '/usr/bin/redis-server';
/** The resolution of "Redis is back": how often PING is tried while it starts. */
const pingEveryMs = 5;

/** Resolves to true when a new connection to `port` answers PING with PONG within a second. */
function answersPing(port) {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    const done = (ok) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(1000, () => done(false));
    socket.once('error', () => done(false));
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.once('data', (data) => done(String(data).startsWith('+PONG')));
  });
}

/**
 * Starts redis-server (tracked like the servers, so an interrupted bench kills it). Resolves to { url, stop(),
 * start() }: stop() resolves once it has exited; start() starts it again on the same port and resolves to the
 * performance.now() at which it first answered PING.
 */
export async function startRedisProcess(workDir, name) {
  if (!fs.existsSync(redisServerPath)) throw new Error(`${redisServerPath} is missing (Debian: apt-get install redis)`);
  const port = await findFreePort();
  const dir = path.join(workDir, name);
  fs.mkdirSync(dir, { recursive: true });
  const logPath = path.join(workDir, `${name}.log`);
  const args = ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir];
  let server;
  let exited = false;

  async function start() {
    server = startServer({ dataDir: dir, port, logPath, command: [redisServerPath, ...args] });
    exited = false;
    server.exited.then(() => {
      exited = true;
    });
    const deadline = performance.now() + 10_000;
    for (;;) {
      if (exited) throw new Error(`redis-server exited:\n${readLogTail(logPath)}`);
      if (await answersPing(port)) return performance.now();
      if (performance.now() > deadline) throw new Error(`redis-server not answering PING:\n${readLogTail(logPath)}`);
      await delay(pingEveryMs);
    }
  }

  async function stop() {
    if (server && !exited) await stopServer(server);
    server = undefined;
  }

  await start();
  return { url: `redis://127.0.0.1:${port}`, start, stop };
}
