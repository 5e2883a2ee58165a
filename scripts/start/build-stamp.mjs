// The build stamp: a hash of everything the build reads, written beside the build output once a build
// succeeds. Content, not modification times: a fresh clone, a `git checkout` or a copied folder give every
// file a new time without changing what the build would produce.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** What `npm run build` reads, relative to the repository root: folders are walked, files read whole. */
const buildInputs = [
  'package-lock.json',
  'tsconfig.base.json',
  'packages/contract/package.json',
  'packages/contract/src',
  'apps/server/package.json',
  'apps/server/build.mjs',
  'apps/server/src',
  'apps/web/package.json',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/tsconfig.json',
  'apps/web/build',
  'apps/web/public',
  'apps/web/src',
];

/** Tests sit beside the code they test but never reach a bundle, so editing one needs no rebuild. */
function isTestFile(name) {
  return /\.test\.tsx?$/.test(name);
}

function listFiles(repoRoot, input) {
  const full = path.join(repoRoot, input);
  if (!fs.existsSync(full)) return [];
  if (!fs.statSync(full).isDirectory()) return [input];
  return fs
    .readdirSync(full, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && !isTestFile(entry.name))
    .map((entry) => path.relative(repoRoot, path.join(entry.parentPath, entry.name)));
}

/** SHA-256 over the path and content of every build input, in a stable order. */
export function sourcesHash(repoRoot) {
  const hash = createHash('sha256');
  const files = buildInputs.flatMap((input) => listFiles(repoRoot, input)).sort();
  for (const file of files) {
    hash.update(`${file.split(path.sep).join('/')}\0`);
    hash.update(fs.readFileSync(path.join(repoRoot, file)));
    hash.update('\0');
  }
  return hash.digest('hex');
}

/** The server build empties apps/server/dist first, so a failed or interrupted build leaves no stamp. */
function stampPath(repoRoot) {
  return path.join(repoRoot, 'apps/server/dist/build-stamp');
}

/** The hash of the last successful build, or undefined when there is none. */
export function readStamp(repoRoot) {
  try {
    return fs.readFileSync(stampPath(repoRoot), 'utf8').trim();
  } catch (err) {
    if (err.code === 'ENOENT') return undefined;
    throw err;
  }
}

export function writeStamp(repoRoot, hash) {
  fs.writeFileSync(stampPath(repoRoot), `${hash}\n`);
}
