// One build at a time per checkout: two builds writing the same dist folders at once would leave a mix of
// both. The lock is a directory (mkdir is atomic) holding the builder's pid, so a lock left by a process
// that died mid-build is recognised and taken over instead of blocking every later start.
import fs from 'node:fs';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';

const pollMs = 200;

function isAlive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: the process exists but belongs to someone else.
    return err.code === 'EPERM';
  }
}

function readOwner(lockDir) {
  try {
    return Number(fs.readFileSync(path.join(lockDir, 'pid'), 'utf8'));
  } catch {
    // Between the owner's mkdir and its pid write, or already released: treat as held, look again later.
    return undefined;
  }
}

function tryAcquire(lockDir) {
  try {
    fs.mkdirSync(lockDir);
  } catch (err) {
    if (err.code === 'EEXIST') return false;
    throw err;
  }
  fs.writeFileSync(path.join(lockDir, 'pid'), String(process.pid));
  return true;
}

/** Runs `work` holding the checkout's build lock, waiting for another process's build to finish first. */
export async function withBuildLock(repoRoot, work) {
  const lockDir = path.join(repoRoot, '.build-lock');
  let told = false;
  while (!tryAcquire(lockDir)) {
    const owner = readOwner(lockDir);
    if (owner !== undefined && !isAlive(owner)) {
      console.error(`Deckhand: removing the build lock of process ${owner}, which is gone`);
      fs.rmSync(lockDir, { recursive: true, force: true });
      continue;
    }
    if (!told) console.error('Deckhand: another process is building this checkout; waiting for it');
    told = true;
    await delay(pollMs);
  }
  try {
    await work();
  } finally {
    fs.rmSync(lockDir, { recursive: true, force: true });
  }
}
