import fs from 'node:fs';

/** Refused start: the embedded database is open in another live process. */
export class DataDirInUseError extends Error {
  override name = 'DataDirInUseError';
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: the process exists but belongs to another user.
    return err instanceof Error && 'code' in err && err.code === 'EPERM';
  }
}

function readOwner(lockPath: string): number | undefined {
  try {
    const pid = Number(fs.readFileSync(lockPath, 'utf8'));
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    // Gone since the failed create, or not yet written by its owner: look again.
    return undefined;
  }
}

/**
 * Claims PGlite's data folder for this process. PGlite has no lock of its own: two processes would both open
 * the folder and corrupt each other's writes. The lock file holds the owner's pid, so a lock left by a
 * process that died is taken over. @returns the release function
 * @throws DataDirInUseError when another live process holds the folder
 */
export function lockDataDir(dataDir: string): () => void {
  const lockPath = `${dataDir}.lock`;
  for (let attempt = 0; attempt < 20; attempt += 1) {
    try {
      fs.writeFileSync(lockPath, String(process.pid), { flag: 'wx' });
      return () => fs.rmSync(lockPath, { force: true });
    } catch (err) {
      if (!(err instanceof Error && 'code' in err && err.code === 'EEXIST')) throw err;
    }
    const owner = readOwner(lockPath);
    if (owner !== undefined && owner !== process.pid && isAlive(owner)) {
      throw new DataDirInUseError(
        `The embedded database in ${dataDir} is in use by another Deckhand process (pid ${owner}). ` +
          'Stop that process first; to run several instances, give them one PostgreSQL server (DATABASE_URL).',
      );
    }
    if (owner !== undefined) fs.rmSync(lockPath, { force: true });
  }
  throw new Error(`could not lock ${dataDir} (${lockPath} keeps changing)`);
}
