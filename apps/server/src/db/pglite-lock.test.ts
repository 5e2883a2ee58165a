import { spawnSync } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DataDirInUseError, lockDataDir } from './pglite-lock';

// Embedded only (vitest.config.ts): the lock that keeps a second process off PGlite's data folder.
let root: string;
beforeAll(async () => {
  root = await fs.mkdtemp(path.join(os.tmpdir(), 'deckhand-lock-'));
});
afterAll(() => fs.rm(root, { recursive: true, force: true }));

let folders = 0;
function dataDir(): string {
  folders += 1;
  return path.join(root, `db-${folders}`);
}

/** A pid no process has any more: a child that has exited and been reaped. */
function deadPid(): number {
  const { pid } = spawnSync(process.execPath, ['-e', '']);
  if (pid === undefined) throw new Error('no child pid');
  return pid;
}

describe('the embedded database folder’s lock', () => {
  it('is held by one process at a time: the lock file names it, and release frees it for the next', async () => {
    const dir = dataDir();
    const release = await lockDataDir(dir);
    expect(await fs.readFile(`${dir}.lock`, 'utf8')).toBe(String(process.pid));
    expect(await fs.readdir(root)).toEqual([path.basename(`${dir}.lock`)]);
    release();
    await expect(fs.stat(`${dir}.lock`)).rejects.toThrow(/ENOENT/);
    (await lockDataDir(dir))();
  });

  it('refuses while another live process holds it, naming that process', async () => {
    const dir = dataDir();
    await fs.writeFile(`${dir}.lock`, String(process.ppid));
    const claim = lockDataDir(dir);
    await expect(claim).rejects.toBeInstanceOf(DataDirInUseError);
    await expect(claim).rejects.toThrow(`is in use by another Deckhand process (pid ${process.ppid})`);
    expect(await fs.readFile(`${dir}.lock`, 'utf8')).toBe(String(process.ppid));
  });

  it('waits for an owner caught between creating its lock file and writing its pid, then refuses', async () => {
    const dir = dataDir();
    await fs.writeFile(`${dir}.lock`, '');
    // The expectation is attached before the pid is written: the claim may read it and refuse before
    // writeFile's own promise settles, and a refusal with no handler yet is an unhandled rejection.
    const refused = expect(lockDataDir(dir)).rejects.toThrow(
      `is in use by another Deckhand process (pid ${process.ppid})`,
    );
    await sleep(100);
    await fs.writeFile(`${dir}.lock`, String(process.ppid));
    await refused;
  });

  it('takes over a lock left by a process that died, and one left empty by a crash', async () => {
    const dead = dataDir();
    await fs.writeFile(`${dead}.lock`, String(deadPid()));
    (await lockDataDir(dead))();

    const empty = dataDir();
    await fs.writeFile(`${empty}.lock`, '');
    const release = await lockDataDir(empty);
    expect(await fs.readFile(`${empty}.lock`, 'utf8')).toBe(String(process.pid));
    release();
  });
});
