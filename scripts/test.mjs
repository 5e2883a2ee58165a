// `npm test`: every test, in order. Server integration tests run on PGlite with in-process
// pub/sub, then again on PostgreSQL and Redis when TEST_DATABASE_URL and TEST_REDIS_URL are set;
// then the app is built and Playwright drives it in Chromium. Exits non-zero if any stage failed.
import { spawn } from 'node:child_process';
import fs from 'node:fs';

const stages = [{ name: 'server on PGlite', cwd: 'apps/server', cmd: ['npx', 'vitest', 'run'], env: {} }];
if (fs.existsSync('apps/web/vitest.config.ts')) {
  stages.push({ name: 'web unit tests', cwd: 'apps/web', cmd: ['npx', 'vitest', 'run'], env: {} });
}
if (process.env.TEST_DATABASE_URL && process.env.TEST_REDIS_URL) {
  stages.push({
    name: 'server on PostgreSQL + Redis',
    cwd: 'apps/server',
    cmd: ['npx', 'vitest', 'run'],
    env: { DECKHAND_TEST_DB: 'postgres' },
  });
} else {
  console.log('TEST_DATABASE_URL and TEST_REDIS_URL are not both set: skipping the PostgreSQL + Redis pass.');
}
stages.push({ name: 'build', cwd: '.', cmd: ['npm', 'run', 'build'], env: {} });
stages.push({
  name: 'browser tests (Playwright, Chromium)',
  cwd: 'apps/web',
  cmd: ['npx', 'playwright', 'test'],
  env: {},
});

// A CI log is often read from its end only, so a failed stage's report of what failed is
// printed again after the last stage. Vitest and Playwright open that report with a
// line naming the failed tests; the stage's last lines stand in when neither is found.
const REPORT_LIMIT = 200;
// The reporters colour their output with ANSI escapes (ESC [ … m).
const COLOUR = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g');
function failureReport(output) {
  const lines = output.replace(COLOUR, '').split('\n');
  const start = lines.findIndex((line) => /Failed Tests \d+|Unhandled Errors?\b|^\s*\d+ failed\b/.test(line));
  const from = start >= 0 ? start : Math.max(0, lines.length - 40);
  const report = lines.slice(from, from + REPORT_LIMIT);
  if (lines.length - from > REPORT_LIMIT)
    report.push(`… ${lines.length - from - REPORT_LIMIT} more lines, in the stage output above`);
  return report.join('\n');
}

function run(stage) {
  const [command, ...args] = stage.cmd;
  const child = spawn(command, args, {
    cwd: stage.cwd,
    stdio: ['inherit', 'pipe', 'pipe'],
    env: { ...process.env, ...stage.env },
  });
  let output = '';
  const keep = (chunk, into) => {
    into.write(chunk);
    output += chunk.toString();
  };
  child.stdout.on('data', (chunk) => keep(chunk, process.stdout));
  child.stderr.on('data', (chunk) => keep(chunk, process.stderr));
  return new Promise((resolve) => {
    child.on('close', (code) => resolve({ code, output }));
  });
}

const failed = [];
for (const stage of stages) {
  if (stage.name.startsWith('browser') && failed.some((f) => f.name === 'build')) {
    failed.push({ name: stage.name, report: 'not run: the build failed' });
    continue;
  }
  console.log(`\n▶ ${stage.name}`);
  const started = Date.now();
  const { code, output } = await run(stage);
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (code === 0) console.log(`✔ ${stage.name} (${seconds} s)`);
  else {
    console.log(`✘ ${stage.name} (${seconds} s)`);
    failed.push({ name: stage.name, report: failureReport(output) });
  }
}
if (failed.length > 0) {
  for (const { name, report } of failed) console.error(`\n━━ What failed in ${name} ━━\n${report}`);
  console.error(`\nFailed: ${failed.map((f) => f.name).join(', ')}`);
  process.exit(1);
}
console.log('\nAll tests passed.');
