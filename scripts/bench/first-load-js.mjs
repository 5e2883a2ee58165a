// 2. JavaScript a browser receives when it opens / and /login, not signed in: Chromium (through playwright-core)
// loads each route in a fresh context from the built server, and every script it requests until the page is idle
// counts, at the size it crossed the wire (the compressed body): the entry and its module preloads, the page's
// chunk, whatever the app imports after rendering, and a service worker's script if one is registered. Each file
// is listed with when its request started, before or after the first contentful paint.
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { watchScripts } from './first-load-scripts.mjs';
import { formatKb } from './report.mjs';
import { repoRoot, startHealthyServer, stopServerNoting } from './server-process.mjs';

const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const webDir = path.join(repoRoot, 'apps/web');
const distDir = path.join(webDir, 'dist');
const measuredRoutes = ['/', '/login'];
const targetBytes = 150_000;
const target = `≤ ${targetBytes / 1000} KB as sent`;

/** Warns when web sources changed after the build (likely with --no-build while someone edits the app). */
function warnIfStale() {
  const builtAt = fs.statSync(path.join(distDir, 'index.html')).mtimeMs;
  const srcDir = path.join(webDir, 'src');
  const newer = fs
    .readdirSync(srcDir, { recursive: true })
    .filter((file) => fs.statSync(path.join(srcDir, file)).mtimeMs > builtAt);
  if (newer.length > 0) console.log(`  warning: ${newer.length} file(s) in apps/web/src changed after this build`);
}

/** The module a built file comes from, from Vite's manifest when there is one ('' when it has no entry). */
function readSources() {
  const manifestPath = path.join(distDir, '.vite/manifest.json');
  const sources = new Map();
  if (!fs.existsSync(manifestPath)) return sources;
  for (const [key, chunk] of Object.entries(JSON.parse(fs.readFileSync(manifestPath, 'utf8')))) {
    sources.set(`/${chunk.file}`, chunk.src ?? key);
  }
  return sources;
}

function printScripts(scripts, sources) {
  for (const script of scripts) {
    const file = script.path.padEnd(40);
    const sent = `${formatKb(script.sentBytes).padStart(9)} sent (${script.encoding})`;
    const when = script.beforePaint ? 'before paint' : ' after paint';
    const started = `${String(Math.round(script.startMs)).padStart(5)} ms`;
    console.log(`    ${file} ${sent}  ${started} ${when}  ${sources.get(script.path) ?? ''}`);
  }
}

function sum(scripts, bytesOf = (script) => script.sentBytes) {
  return scripts.reduce((total, script) => total + bytesOf(script), 0);
}

async function measureRoute(browser, url) {
  // A fresh context each time: an empty cache, no service worker, no session (nobody signed in).
  const context = await browser.newContext();
  try {
    const watcher = watchScripts(context);
    const page = await context.newPage();
    await page.goto(url, { waitUntil: 'networkidle' });
    return await watcher.untilIdle(page);
  } finally {
    await context.close();
  }
}

/** Adds the first-load JavaScript of each measured route to the report; says so when it cannot be measured. */
export async function measureFirstLoadJs(report, { workDir }) {
  const reason = !fs.existsSync(path.join(distDir, 'index.html'))
    ? 'web app not built (no apps/web/dist/index.html)'
    : !fs.existsSync(chromiumPath)
      ? `${chromiumPath} is missing (apt-get install -y chromium)`
      : null;
  if (reason) {
    console.log(`  ${reason}`);
    for (const route of measuredRoutes) {
      report.add({ name: `first-load JS ${route}`, figure: `not measured: ${reason}`, target, met: undefined });
    }
    return;
  }
  warnIfStale();
  const sources = readSources();
  const server = await startHealthyServer(workDir, 'first-load');
  let browser;
  try {
    browser = await chromium.launch({
      executablePath: chromiumPath,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
    });
    for (const route of measuredRoutes) {
      const { scripts, firstPaintMs } = await measureRoute(browser, `${server.url}${route}`);
      console.log(`  ${route}  (first contentful paint at ${Math.round(firstPaintMs)} ms)`);
      printScripts(scripts, sources);
      const total = sum(scripts);
      const beforePaint = scripts.filter((script) => script.beforePaint);
      const afterPaint = scripts.filter((script) => !script.beforePaint);
      console.log(
        `    before paint ${formatKb(sum(beforePaint))} (${beforePaint.length} files), ` +
          `after ${formatKb(sum(afterPaint))} (${afterPaint.length} files); ` +
          `${formatKb(total + sum(scripts, (script) => script.headerBytes))} with the response headers`,
      );
      report.add({
        name: `first-load JS ${route}`,
        figure: `${formatKb(total)} as sent, ${scripts.length} files`,
        target,
        met: total <= targetBytes,
      });
    }
  } finally {
    await browser?.close();
    await stopServerNoting(server, 'first-load');
  }
}
