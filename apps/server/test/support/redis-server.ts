import { type ChildProcess, spawn } from 'node:child_process';
import readline from 'node:readline';
import { freePort } from './test-app';

export interface RedisServer {
  url: string;
  /** Stops the server (SIGTERM) and resolves once it has exited; its port stays reserved for `start`. */
  stop(): Promise<void>;
  /** Starts it again on the same port, empty, and resolves once it accepts connections. */
  start(): Promise<void>;
  /** Sends one command through redis-cli (e.g. CLIENT PAUSE), for faults short of an outage. */
  command(...args: string[]): Promise<string>;
}

const redisServerPath = '/usr/bin/redis-server';
const redisCliPath = '/usr/bin/redis-cli';

/**
 * A private redis-server on a free port, for tests that stop and start Redis: the machine's shared Redis (6379)
 * serves the other test files, which must not see an outage. Nothing is written to disk.
 */
export async function startRedisServer(): Promise<RedisServer> {
  const port = await freePort();
  let child: ChildProcess | undefined;

  async function start(): Promise<void> {
    const started = spawn(
      redisServerPath,
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      {
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    child = started;
    const output: string[] = [];
    await new Promise<void>((resolve, reject) => {
      started.once('exit', (code) => reject(new Error(`redis-server exited (${code}):\n${output.join('\n')}`)));
      if (!started.stdout) throw new Error('redis-server has no stdout');
      readline.createInterface({ input: started.stdout }).on('line', (line) => {
        output.push(line);
        if (line.includes('Ready to accept connections')) resolve();
      });
    });
  }

  async function stop(): Promise<void> {
    const running = child;
    child = undefined;
    if (!running || running.exitCode !== null || running.signalCode !== null) return;
    const exited = new Promise<void>((resolve) => running.once('exit', () => resolve()));
    running.kill('SIGTERM');
    await exited;
  }

  function command(...args: string[]): Promise<string> {
    return new Promise((resolve, reject) => {
      const cli = spawn(redisCliPath, ['-p', String(port), ...args], { stdio: ['ignore', 'pipe', 'inherit'] });
      let out = '';
      cli.stdout?.on('data', (chunk: Buffer) => {
        out += chunk.toString('utf8');
      });
      cli.once('error', reject);
      cli.once('exit', (code) =>
        code === 0 ? resolve(out.trim()) : reject(new Error(`redis-cli ${args.join(' ')}: ${code}`)),
      );
    });
  }

  await start();
  return { url: `redis://127.0.0.1:${port}`, start, stop, command };
}
