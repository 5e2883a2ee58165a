// 2. JavaScript a browser must fetch before / and /login are usable: the entry chunk with everything it
// imports statically, plus the route's lazily loaded page chunk with its static imports, read from the Vite
// manifest of the built web app. Each file is fetched from the built server as Chromium asks for it
// (Accept-Encoding: gzip, deflate, br, zstd) and counted raw and as sent: the bytes that crossed the wire.
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { formatKb } from './report.mjs';
import { repoRoot, startHealthyServer, stopServerNoting } from './server-process.mjs';
import { readLazyRoutes } from './web-routes.mjs';

const webDir = path.join(repoRoot, 'apps/web');
const distDir = path.join(webDir, 'dist');
const manifestPath = path.join(distDir, '.vite/manifest.json');
const routerPath = path.join(webDir, 'src/app/router.tsx');
const measuredRoutes = ['/', '/login'];
const targetBytes = 170_000;
const target = `≤ ${targetBytes / 1000} KB as sent`;
const chromiumAcceptEncoding = 'gzip, deflate, br, zstd';

/** Bytes of the body as sent (not decoded) and the Content-Encoding it was sent with. */
function fetchAsSent(url) {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { headers: { 'accept-encoding': chromiumAcceptEncoding } }, (res) => {
      let bytes = 0;
      res.on('data', (chunk) => {
        bytes += chunk.length;
      });
      res.on('end', () => {
        if (res.statusCode !== 200) reject(new Error(`${url} answered ${res.statusCode}`));
        else resolve({ bytes, encoding: res.headers['content-encoding'] ?? 'identity' });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
  });
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

async function measureRoute(manifest, entryKey, route, pageSrc, serverUrl) {
  const pageKeys = Object.keys(manifest).filter(
    (k) => manifest[k].src && withoutExtension(manifest[k].src) === pageSrc,
  );
  if (pageKeys.length === 0)
    throw new Error(`the router loads ${pageSrc} for ${route}, but no manifest entry has that src`);
  const keys = new Set();
  collectStatic(manifest, entryKey, keys);
  for (const key of pageKeys) collectStatic(manifest, key, keys);
  const total = { raw: 0, sent: 0 };
  console.log(`  ${route}  (page module ${pageSrc})`);
  for (const key of keys) {
    const { file } = manifest[key];
    const role = key === entryKey ? 'entry' : pageKeys.includes(key) ? 'route page (lazy)' : 'static import';
    const raw = fs.statSync(path.join(distDir, file)).size;
    const sent = await fetchAsSent(`${serverUrl}/${file}`);
    total.raw += raw;
    total.sent += sent.bytes;
    console.log(
      `    ${file.padEnd(40)} ${formatKb(raw).padStart(9)} raw ${formatKb(sent.bytes).padStart(9)} sent (${sent.encoding})  ${role}`,
    );
  }
  return total;
}

/** Adds the first-load JavaScript of each measured route to the report; says so when there is no build. */
export async function measureFirstLoadJs(report, { workDir }) {
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
  const server = await startHealthyServer(workDir, 'first-load');
  try {
    for (const route of measuredRoutes) {
      const pageSrc = routes.get(route);
      if (!pageSrc) throw new Error(`found no lazy route for ${route} in ${path.relative(repoRoot, routerPath)}`);
      const total = await measureRoute(manifest, entryKey, route, pageSrc, server.url);
      report.add({
        name: `first-load JS ${route}`,
        figure: `${formatKb(total.raw)} raw, ${formatKb(total.sent)} as sent`,
        target,
        met: total.sent <= targetBytes,
      });
    }
    const css = manifest[entryKey].css ?? [];
    let cssSent = 0;
    for (const file of css) cssSent += (await fetchAsSent(`${server.url}/${file}`)).bytes;
    console.log(`  (not counted above: the entry's CSS, ${formatKb(cssSent)} as sent)`);
  } finally {
    await stopServerNoting(server, 'first-load');
  }
}
