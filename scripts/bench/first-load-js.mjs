// 2. JavaScript a browser must fetch before / and /login are usable: the entry chunk with everything it
// imports statically, plus the route's lazily loaded page chunk with its static imports. Sizes are gzip
// level 9 (what a well-configured proxy serves), read from the Vite manifest of the built web app.
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { formatKb } from './report.mjs';
import { repoRoot } from './server-process.mjs';
import { readLazyRoutes } from './web-routes.mjs';

const webDir = path.join(repoRoot, 'apps/web');
const distDir = path.join(webDir, 'dist');
const manifestPath = path.join(distDir, '.vite/manifest.json');
const routerPath = path.join(webDir, 'src/app/router.tsx');
const measuredRoutes = ['/', '/login'];
const targetBytes = 170_000;
const target = `≤ ${targetBytes / 1000} KB gzip`;

function gzipBytes(file) {
  return gzipSync(fs.readFileSync(path.join(distDir, file)), { level: 9 }).length;
}

/** Adds `key` and, recursively, every chunk it imports statically. Dynamic imports load later, on demand. */
function collectStatic(manifest, key, into) {
  if (into.has(key)) return;
  if (!manifest[key]) throw new Error(`manifest.json lists an import "${key}" it has no entry for`);
  into.add(key);
  for (const dependency of manifest[key].imports ?? []) collectStatic(manifest, dependency, into);
}

function withoutExtension(src) {
  return src.replace(/\.[cm]?[jt]sx?$/, '');
}

/** Warns when web sources changed after the build (likely with --no-build while someone edits the app). */
function warnIfStale() {
  const builtAt = fs.statSync(manifestPath).mtimeMs;
  const srcDir = path.join(webDir, 'src');
  const newer = fs
    .readdirSync(srcDir, { recursive: true })
    .filter((file) => fs.statSync(path.join(srcDir, file)).mtimeMs > builtAt);
  if (newer.length > 0) console.log(`  warning: ${newer.length} file(s) in apps/web/src changed after this build`);
}

function measureRoute(manifest, entryKey, route, pageSrc) {
  const pageKeys = Object.keys(manifest).filter(
    (k) => manifest[k].src && withoutExtension(manifest[k].src) === pageSrc,
  );
  if (pageKeys.length === 0)
    throw new Error(`the router loads ${pageSrc} for ${route}, but no manifest entry has that src`);
  const keys = new Set();
  collectStatic(manifest, entryKey, keys);
  for (const key of pageKeys) collectStatic(manifest, key, keys);
  let total = 0;
  console.log(`  ${route}  (page module ${pageSrc})`);
  for (const key of keys) {
    const { file } = manifest[key];
    const role = key === entryKey ? 'entry' : pageKeys.includes(key) ? 'route page (lazy)' : 'static import';
    const gzip = gzipBytes(file);
    total += gzip;
    const raw = fs.statSync(path.join(distDir, file)).size;
    console.log(`    ${file.padEnd(40)} ${formatKb(raw).padStart(9)} raw ${formatKb(gzip).padStart(9)} gzip  ${role}`);
  }
  return total;
}

/** Adds the first-load JavaScript of each measured route to the report; says so when there is no build. */
export function measureFirstLoadJs(report) {
  if (!fs.existsSync(manifestPath)) {
    const reason = fs.existsSync(distDir)
      ? 'apps/web/dist/.vite/manifest.json is missing (Vite build.manifest off?)'
      : 'web app not built (no apps/web/dist)';
    console.log(`  ${reason}`);
    for (const route of measuredRoutes) {
      report.add({ name: `first-load JS ${route}`, figure: `not measured: ${reason}`, target, met: undefined });
    }
    return;
  }
  console.log(
    `  manifest: ${path.relative(repoRoot, manifestPath)}, built ${fs.statSync(manifestPath).mtime.toISOString()}`,
  );
  warnIfStale();
  const manifest = JSON.parse(fs.readFileSync(manifestPath, 'utf8'));
  const entryKeys = Object.keys(manifest).filter((k) => manifest[k].isEntry);
  if (entryKeys.length !== 1) throw new Error(`expected one entry in manifest.json, found ${entryKeys.length}`);
  const [entryKey] = entryKeys;
  const routes = readLazyRoutes(webDir, routerPath);
  for (const route of measuredRoutes) {
    const pageSrc = routes.get(route);
    if (!pageSrc) throw new Error(`found no lazy route for ${route} in ${path.relative(repoRoot, routerPath)}`);
    const total = measureRoute(manifest, entryKey, route, pageSrc);
    report.add({
      name: `first-load JS ${route}`,
      figure: `${formatKb(total)} gzip`,
      target,
      met: total <= targetBytes,
    });
  }
  const css = (manifest[entryKey].css ?? []).reduce((sum, file) => sum + gzipBytes(file), 0);
  console.log(`  (not counted above: the entry's CSS, ${formatKb(css)} gzip)`);
}
