import fs from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';

/** Refused start: the embedded database is open in another live process. */
export class DataDirInUseError extends Error {
  override name = 'DataDirInUseError';
}

/** How long a lock file may stay without an owner's pid before it is taken for a crash's leftover. */
const UNWRITTEN_GRACE_MS = 2_000;
const LOOK_AGAIN_MS = 25;

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: the process exists but belongs to another user.
    return err instanceof Error && 'code' in err && err.code === 'EPERM';
  }
}

function errorCode(err: unknown): unknown {
  return err instanceof Error && 'code' in err ? err.code : undefined;
}

type Owner = { kind: 'pid'; pid: number } | { kind: 'gone' } | { kind: 'unwritten' };

function readOwner(lockPath: string): Owner {
  let text: string;
  try {
    text = fs.readFileSync(lockPath, 'utf8');
  } catch (err) {
    if (errorCode(err) === 'ENOENT') return { kind: 'gone' };
    throw err;
  }
  const pid = Number(text);
  return Number.isInteger(pid) && pid > 0 ? { kind: 'pid', pid } : { kind: 'unwritten' };
}

/**
 * Creates the lock file already holding our pid, so no other process can find it empty. A hard link of a
 * written file appears whole or not at all; where the file system has no hard links, the file is created
 * exclusively and then written, and a reader waits out the moment between the two.
 * @returns false when the lock file exists
 */
function createLock(lockPath: string): boolean {
  const written = `${lockPath}.${process.pid}`;
  fs.writeFileSync(written, String(process.pid));
  try {
    fs.linkSync(written, lockPath);
    return true;
  } catch (err) {
    if (errorCode(err) === 'EEXIST') return false;
    if (!['EPERM', 'ENOTSUP', 'ENOSYS', 'EXDEV'].includes(String(errorCode(err)))) throw err;
  } finally {
    fs.rmSync(written, { force: true });
  }
  try {
    fs.writeFileSync(lockPath, String(process.pid), { flag: 'wx' });
    return true;
  } catch (err) {
    if (errorCode(err) === 'EEXIST') return false;
    throw err;
  }
}

/**
 * Claims PGlite's data folder for this process. PGlite has no lock of its own: two processes would both open
 * the folder and corrupt each other's writes. The lock file holds the owner's pid, so a lock left by a
 * process that died is taken over. @returns the release function
 * @throws DataDirInUseError when another live process holds the folder
 */
export async function lockDataDir(dataDir: string): Promise<() => void> {
  const lockPath = `${dataDir}.lock`;
  let unwrittenSince: number | undefined;
  for (let attempt = 0; attempt < 200; attempt += 1) {
    if (createLock(lockPath)) return () => fs.rmSync(lockPath, { force: true });
    const owner = readOwner(lockPath);
    if (owner.kind === 'pid' && owner.pid !== process.pid && isAlive(owner.pid)) {
      throw new DataDirInUseError(
        `The embedded database in ${dataDir} is in use by another Deckhand process (pid ${owner.pid}). ` +
          'Stop that process first; to run several instances, give them one PostgreSQL server (DATABASE_URL).',
      );
    }
    if (owner.kind === 'unwritten') {
      unwrittenSince ??= Date.now();
      // Its owner may be between creating and writing it; a file that stays empty was left by a crash.
      if (Date.now() - unwrittenSince < UNWRITTEN_GRACE_MS) {
        await sleep(LOOK_AGAIN_MS);
        continue;
      }
    }
    unwrittenSince = undefined;
    if (owner.kind !== 'gone') fs.rmSync(lockPath, { force: true });
  }
  throw new Error(`could not lock ${dataDir} (${lockPath} keeps changing)`);
}
