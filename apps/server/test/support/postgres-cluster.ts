import { spawn } from 'node:child_process';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freePort } from './test-app';

export interface PostgresCluster {
  /** A database of its own in the cluster, owned by the connecting role. */
  url: string;
  /** `pg_ctl stop -m fast`: open sessions are cut, and new ones refused until `start`. */
  stop(): Promise<void>;
  /** Starts the stopped cluster again, on the same port. */
  start(): Promise<void>;
  /** Stops the cluster at once and removes its files. */
  destroy(): Promise<void>;
}

/** Debian's PostgreSQL keeps its programs under its version; /usr/local/bin may link them (as on CI machines). */
function postgresProgram(name: 'initdb' | 'pg_ctl'): string {
  const linked = path.join('/usr/local/bin', name);
  if (fs.existsSync(linked)) return linked;
  const versions = fs.existsSync('/usr/lib/postgresql') ? fs.readdirSync('/usr/lib/postgresql') : [];
  const newest = versions.sort((a, b) => Number(b) - Number(a))[0];
  if (newest === undefined) throw new Error(`${name} not found: install PostgreSQL (apt-get install -y postgresql)`);
  return path.join('/usr/lib/postgresql', newest, 'bin', name);
}

/** PostgreSQL refuses to run as root: as root (CI), its programs run as the `postgres` user. */
function clusterOwner(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const entry = fs
    .readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .map((line) => line.split(':'))
    .find((fields) => fields[0] === 'postgres');
  if (!entry) throw new Error('running as root needs a `postgres` user to run PostgreSQL as');
  return { uid: Number(entry[2]), gid: Number(entry[3]) };
}

function run(program: string, args: string[], options: { cwd: string; owner?: { uid: number; gid: number } }) {
  return new Promise<void>((resolve, reject) => {
    const child = spawn(program, args, { cwd: options.cwd, ...options.owner, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString('utf8');
    });
    child.stderr.on('data', (chunk: Buffer) => {
      output += chunk.toString('utf8');
    });
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${path.basename(program)} ${args.join(' ')}: ${code}\n${output}`)),
    );
  });
}

/**
 * A PostgreSQL cluster of the test's own on a free port, for faults the machine's shared server (5432) must not
 * see: a restart under load. Its files are in a temporary folder; fsync is off, as nothing here outlives the test.
 */
export async function startPostgresCluster(): Promise<PostgresCluster> {
  const owner = clusterOwner();
  const dir = await fsp.mkdtemp(path.join(os.tmpdir(), 'deckhand-pg-'));
  if (owner) await fsp.chown(dir, owner.uid, owner.gid);
  const dataDir = path.join(dir, 'data');
  const port = await freePort();
  const logFile = path.join(dir, 'postgres.log');
  // With -l the server's output goes to its log, not to pipes that outlive pg_ctl.
  const pgCtl = (...args: string[]) =>
    run(postgresProgram('pg_ctl'), ['-D', dataDir, '-l', logFile, ...args], { cwd: dir, owner });

  const settings = [`port=${port}`, 'listen_addresses=127.0.0.1', `unix_socket_directories=${dir}`, 'fsync=off'];
  const start = () => pgCtl('-w', '-o', settings.map((s) => `-c ${s}`).join(' '), 'start');

  async function destroy(): Promise<void> {
    if (fs.existsSync(path.join(dataDir, 'postmaster.pid'))) await pgCtl('-m', 'immediate', '-w', 'stop');
    await fsp.rm(dir, { recursive: true, force: true });
  }

  try {
    await run(
      postgresProgram('initdb'),
      ['-D', dataDir, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--no-locale', '--no-sync', '--no-instructions'],
      { cwd: dir, owner },
    );
    await start();
    const admin = new pg.Client({ connectionString: `postgres://postgres@127.0.0.1:${port}/postgres` });
    await admin.connect();
    await admin.query('CREATE DATABASE deckhand');
    await admin.end();
  } catch (err) {
    // pg_ctl's server runs on its own: one left behind would outlive the test run.
    await destroy();
    throw err;
  }

  return {
    url: `postgres://postgres@127.0.0.1:${port}/deckhand`,
    stop: () => pgCtl('-m', 'fast', '-w', 'stop'),
    start,
    destroy,
  };
}
