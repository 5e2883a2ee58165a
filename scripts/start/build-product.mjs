// Builds the web app and the server under the checkout's build lock, and stamps the result with the hash of
// the sources it was built from (see build-stamp.mjs).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { withBuildLock } from './build-lock.mjs';
import { readStamp, sourcesHash, writeStamp } from './build-stamp.mjs';

export const repoRoot = path.resolve(import.meta.dirname, '../..');
export const serverMain = path.join(repoRoot, 'apps/server/dist/main.js');
const webIndex = path.join(repoRoot, 'apps/web/dist/index.html');

function isBuildCurrent(hash) {
  return fs.existsSync(serverMain) && fs.existsSync(webIndex) && readStamp(repoRoot) === hash;
}

function runWorkspaceBuild(workspace) {
  const result = spawnSync('npm', ['run', 'build', '-w', workspace], {
    cwd: repoRoot,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  if (result.status !== 0) throw new Error(`the build of ${workspace} failed (see above)`);
}

/**
 * Builds unless `onlyIfStale` and the last build's stamp matches the sources. The hash is taken before
 * building, so a file edited during the build makes the next start build again rather than be missed.
 * @returns whether a build ran
 */
export async function buildProduct({ onlyIfStale }) {
  const hash = sourcesHash(repoRoot);
  if (onlyIfStale && isBuildCurrent(hash)) return false;
  let built = false;
  await withBuildLock(repoRoot, () => {
    // Another process may have built these very sources while this one waited for the lock.
    if (onlyIfStale && isBuildCurrent(hash)) return;
    if (onlyIfStale) console.error('Deckhand: the sources changed since the last build, or there is none: building');
    runWorkspaceBuild('@deckhand/web');
    runWorkspaceBuild('@deckhand/server');
    writeStamp(repoRoot, hash);
    built = true;
  });
  return built;
}
