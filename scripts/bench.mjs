// `npm run bench [-- --no-build] [-- --load-seconds=10]`: performance figures of the built product, printed
// next to their targets so they can be quoted in an issue note. It builds first (unless --no-build), then
// measures: 1 argon2id hashing, 2 first-load JS of / and /login, 3 startup, idle RSS and shutdown,
// 4 sign-in throughput and latency on PGlite, and on PostgreSQL too when BENCH_DATABASE_URL or
// TEST_DATABASE_URL is set. A missed target never fails the run; a measurement that cannot run does.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { measureArgon2 } from './bench/argon2-hash.mjs';
import { onCleanup, runCleanups } from './bench/cleanup.mjs';
import { measureFirstLoadJs } from './bench/first-load-js.mjs';
import { createBenchDatabase } from './bench/postgres-db.mjs';
import { createReport } from './bench/report.mjs';
import { killAllServers, repoRoot, serverMainPath } from './bench/server-process.mjs';
import { measureSignIn } from './bench/sign-in-load.mjs';
import { measureStartup } from './bench/startup.mjs';

process.on('exit', killAllServers);
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    console.error(`\n${signal}: stopping servers and cleaning up`);
    killAllServers();
    void runCleanups().finally(() => process.exit(130));
  });
}

const { values: args } = parseArgs({
  options: { 'no-build': { type: 'boolean', default: false }, 'load-seconds': { type: 'string', default: '10' } },
});
const loadSeconds = Number(args['load-seconds']);
if (!Number.isInteger(loadSeconds) || loadSeconds < 1) throw new Error('--load-seconds must be a whole number ≥ 1');

function describeMachine() {
  const git = spawnSync('git', ['describe', '--always', '--dirty'], { cwd: repoRoot, encoding: 'utf8' });
  const cpus = os.cpus();
  console.log(`Deckhand bench, ${new Date().toISOString()}, commit ${git.stdout.trim() || 'unknown'}`);
  console.log(
    `Node ${process.version}, ${cpus.length} × ${cpus[0]?.model ?? 'unknown CPU'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB RAM`,
  );
  printLoad('before the bench');
}

/** Other work on the machine skews every figure, so the note should say how busy it was. */
function printLoad(when) {
  const [oneMinute] = os.loadavg();
  const busy = oneMinute > os.availableParallelism() / 2 ? ' (busy: figures are pessimistic)' : '';
  console.log(`Load average (1 min) ${when}: ${oneMinute.toFixed(2)}${busy}`);
}

function buildProduct() {
  console.log('\n▶ npm run build');
  const result = spawnSync('npm', ['run', 'build'], { cwd: repoRoot, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error('\nThe build failed. To measure the last build, or only the server: npm run bench -- --no-build');
    process.exit(1);
  }
}

const report = createReport();
const failedSections = [];

async function runSection(title, work) {
  console.log(`\n▶ ${title}`);
  try {
    await work();
  } catch (err) {
    failedSections.push(title);
    console.error(`✘ ${title} failed: ${err instanceof Error ? err.stack : String(err)}`);
    report.add({ name: title, figure: 'FAILED (see log above)' });
  }
}

async function measurePostgres(workDir, adminUrl) {
  const database = await createBenchDatabase(adminUrl);
  console.log(`  created database ${database.name} on ${new URL(adminUrl).host}`);
  try {
    await measureSignIn(report, {
      label: 'PostgreSQL',
      workDir,
      databaseUrl: database.url,
      durationSeconds: loadSeconds,
    });
  } finally {
    await database.drop();
    console.log(`  dropped database ${database.name}`);
  }
}

describeMachine();
if (!args['no-build']) buildProduct();
if (!fs.existsSync(serverMainPath)) {
  console.error(`${path.relative(repoRoot, serverMainPath)} is missing: run npm run build -w @deckhand/server first`);
  process.exit(1);
}
const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'deckhand-bench-'));
onCleanup(() => fs.promises.rm(workDir, { recursive: true, force: true }));

try {
  await runSection('1. Password hashing (@node-rs/argon2, in this process)', () => measureArgon2(report));
  await runSection('2. First-load JavaScript', () => measureFirstLoadJs(report));
  await runSection('3. Startup, idle memory and shutdown (PGlite)', () => measureStartup(report, workDir));
  await runSection('4. Sign-in load (PGlite)', () =>
    measureSignIn(report, { label: 'PGlite', workDir, durationSeconds: loadSeconds }),
  );
  const adminUrl = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL;
  if (adminUrl) await runSection('4b. Sign-in load (PostgreSQL)', () => measurePostgres(workDir, adminUrl));
  else console.log('\nBENCH_DATABASE_URL and TEST_DATABASE_URL are unset: skipping the PostgreSQL sign-in load.');
} finally {
  await runCleanups();
}

console.log('');
printLoad('after the bench');
console.log('\nSummary\n');
report.printSummary();
if (failedSections.length > 0) {
  console.error(`\nCould not measure: ${failedSections.join(', ')}`);
  process.exitCode = 1;
}
