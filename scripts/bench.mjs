// `npm run bench [-- --no-build] [-- --load-seconds=10] [-- --only=live-fanout,project-lists] [-- --profile]
// [-- --transfer-scale=0.1]`:
// performance figures of the built product, printed next to their targets (and the load average) so they
// can be quoted in an issue note. It builds first (unless --no-build; only the server when neither
// first-load-js nor startup is selected), then measures: argon2 (1 argon2id hashing), first-load-js (2 the
// JavaScript Chromium receives for / and /login until idle, as sent), startup (3 first start, warm restart
// through npm start, idle RSS on PGlite and PostgreSQL, shutdown), sign-in (4 sign-in throughput and latency),
// live-fanout (5 one change delivered to 1,000 members' sockets, on one instance and on two), idle-sockets
// (6 memory of 5,000 idle sockets), project-lists (7 project and member lists under 50 clients), card-list
// (8 the first page and a body-word search of a project with 5,000 cards), card-editors (9 twenty editors typing
// into one card), chat-fanout (10 a chat message to 50 live sockets), board (11 a kanban board of 5,000 tasks:
// creations, GET board, moves, and the board opened in Chromium) and files (12 a 100 MiB upload and download, a
// 12-megapixel photo's thumbnail, 20 uploads at once) and activity (13 the first page of a card's history of
// 10,000 entries, PostgreSQL only) and search (14 a mix of word, phrase and filter queries over a project of
// 5,000 cards, 20,000 tasks, 100,000 messages and 5,000 files) and transfer (15 export and import of a project of
// 5,000 cards, 20,000 tasks, 50,000 messages and 1 GiB of files, with the server's RSS growth, and the import of
// a Trello board of 5,000 cards and 10,000 comments; --transfer-scale=0.1 shrinks both for a quick check, and
// it needs about 5 GiB of free disk at full scale) and webhooks (16 1,000 task moves with 5 webhooks sending to a
// receiver in this process: each delivery once, commit to arrival, and the moves' throughput against the same
// moves without webhooks; on PostgreSQL, with Redis too when it is set) and proxy (17 two instances behind the
// documented nginx site, PostgreSQL only, with a redis-server and nginx of its own: the live fan-out to 5,000
// sockets spread over both, SIGTERM to one holding 1,000 sockets and 10 uploads, and every socket's resync after a
// 10 s Redis outage) and board-busy (18 the board of 11 read right after each move, and 10 clients reading it
// while 20 move tasks). Every run starts with three figures of the machine itself (bench/machine-reference.mjs), to
// compare days by.
// PostgreSQL figures need BENCH_DATABASE_URL or TEST_DATABASE_URL (a fresh database is created and dropped),
// two-instance fan-out also BENCH_REDIS_URL or TEST_REDIS_URL. --profile prints where the servers spend CPU
// in 5, 7 and 11's moves and 15's exports and imports (it slows them down). A missed target never fails the
// run; a measurement that cannot run does.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { measureActivity } from './bench/activity.mjs';
import { measureArgon2 } from './bench/argon2-hash.mjs';
import { measureBoard } from './bench/board.mjs';
import { measureBusyBoard } from './bench/board-busy.mjs';
import { measureCardEditors } from './bench/card-editors.mjs';
import { measureCardList } from './bench/card-list.mjs';
import { measureChatFanout } from './bench/chat-fanout.mjs';
import { onCleanup, runCleanups } from './bench/cleanup.mjs';
import { measureFiles } from './bench/files.mjs';
import { measureFirstLoadJs } from './bench/first-load-js.mjs';
import { measureIdleSockets } from './bench/idle-sockets.mjs';
import { measureLiveFanout } from './bench/live-fanout.mjs';
import { printLoad } from './bench/load-average.mjs';
import { measureMachineReference } from './bench/machine-reference.mjs';
import { withBenchDatabase } from './bench/postgres-db.mjs';
import { measureProjectLists } from './bench/project-lists.mjs';
import { measureProxy } from './bench/proxy.mjs';
import { createReport } from './bench/report.mjs';
import { measureSearch } from './bench/search.mjs';
import { killAllServers, repoRoot, serverMainPath } from './bench/server-process.mjs';
import { measureSignIn } from './bench/sign-in-load.mjs';
import { measureIdleMemoryPostgres, measureStartup } from './bench/startup.mjs';
import { measureTransfer } from './bench/transfer.mjs';
import { measureWebhooks } from './bench/webhooks.mjs';

process.on('exit', killAllServers);
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    console.error(`\n${signal}: stopping servers and cleaning up`);
    killAllServers();
    void runCleanups().finally(() => process.exit(130));
  });
}

const sectionNames = [
  'argon2',
  'first-load-js',
  'startup',
  'sign-in',
  'live-fanout',
  'idle-sockets',
  'project-lists',
  'card-list',
  'card-editors',
  'chat-fanout',
  'board',
  'files',
  'activity',
  'search',
  'transfer',
  'webhooks',
  'proxy',
  'board-busy',
];
const { values: args } = parseArgs({
  options: {
    'no-build': { type: 'boolean', default: false },
    'load-seconds': { type: 'string', default: '10' },
    only: { type: 'string' },
    profile: { type: 'boolean', default: false },
    'transfer-scale': { type: 'string', default: '1' },
  },
});
const loadSeconds = Number(args['load-seconds']);
if (!Number.isInteger(loadSeconds) || loadSeconds < 1) throw new Error('--load-seconds must be a whole number ≥ 1');
const transferScale = Number(args['transfer-scale']);
if (!(transferScale > 0 && transferScale <= 1)) throw new Error('--transfer-scale must be a number in (0, 1]');
const selected = new Set(args.only ? args.only.split(',').map((name) => name.trim()) : sectionNames);
const unknownNames = [...selected].filter((name) => !sectionNames.includes(name));
if (unknownNames.length > 0) {
  console.error(`--only: no measurement named ${unknownNames.join(', ')}; choose from ${sectionNames.join(', ')}`);
  process.exit(2);
}
const adminUrl = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL;
const redisUrl = process.env.BENCH_REDIS_URL || process.env.TEST_REDIS_URL;

function describeMachine() {
  const git = spawnSync('git', ['describe', '--always', '--dirty'], { cwd: repoRoot, encoding: 'utf8' });
  const cpus = os.cpus();
  console.log(`Deckhand bench, ${new Date().toISOString()}, commit ${git.stdout.trim() || 'unknown'}`);
  console.log(
    `Node ${process.version}, ${cpus.length} × ${cpus[0]?.model ?? 'unknown CPU'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB RAM`,
  );
  printLoad('before the bench');
}

/**
 * The web app is built only for the measurements that need it: first-load-js reads it, and startup runs
 * `npm start`, which would otherwise build first (the full build also writes the stamp it checks).
 */
function buildProduct() {
  const needsWebApp = selected.has('first-load-js') || selected.has('startup') || selected.has('board');
  const command = needsWebApp ? ['run', 'build'] : ['run', 'build', '-w', '@deckhand/server'];
  console.log(`\n▶ npm ${command.join(' ')}`);
  const result = spawnSync('npm', command, { cwd: repoRoot, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error('\nThe build failed. To measure the last build, or only the server: npm run bench -- --no-build');
    process.exit(1);
  }
}

const report = createReport();
const failedSections = [];

async function runSection(title, work) {
  console.log(`\n▶ ${title}`);
  printLoad('at the start');
  try {
    await work();
  } catch (err) {
    failedSections.push(title);
    console.error(`✘ ${title} failed: ${err instanceof Error ? err.stack : String(err)}`);
    report.add({ name: title, figure: 'FAILED (see log above)' });
  }
}

/** Runs `title` when PostgreSQL is configured, on a fresh database; otherwise says what was skipped. */
async function runPostgresSection(title, work) {
  if (!adminUrl) {
    console.log(`\nBENCH_DATABASE_URL and TEST_DATABASE_URL are unset: skipping ${title}.`);
    return;
  }
  await runSection(title, () => withBenchDatabase(adminUrl, (database) => work(database.url)));
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
  await runSection('0. This machine (whatever --only says; none of our code)', () => measureMachineReference(report));
  if (selected.has('argon2')) {
    await runSection('1. Password hashing (@node-rs/argon2, in this process)', () => measureArgon2(report));
  }
  if (selected.has('first-load-js')) {
    await runSection('2. First-load JavaScript', () => measureFirstLoadJs(report, { workDir }));
  }
  if (selected.has('startup')) {
    await runSection('3. Startup, idle memory and shutdown (PGlite)', () => measureStartup(report, workDir));
    await runPostgresSection('3b. Idle memory (PostgreSQL)', (databaseUrl) =>
      measureIdleMemoryPostgres(report, { workDir, databaseUrl }),
    );
  }
  if (selected.has('sign-in')) {
    const durationSeconds = loadSeconds;
    await runSection('4. Sign-in load (PGlite)', () =>
      measureSignIn(report, { label: 'PGlite', workDir, durationSeconds }),
    );
    await runPostgresSection('4b. Sign-in load (PostgreSQL)', (databaseUrl) =>
      measureSignIn(report, { label: 'PostgreSQL', workDir, databaseUrl, durationSeconds }),
    );
  }
  if (selected.has('live-fanout')) {
    const profile = args.profile;
    const title = '5. Live fan-out to 1,000 sockets (1 instance; 2 instances with PostgreSQL + Redis)';
    if (adminUrl) {
      await runPostgresSection(title, (databaseUrl) =>
        measureLiveFanout(report, { workDir, databaseUrl, redisUrl, profile }),
      );
    } else {
      await runSection(`${title}, PGlite only`, () => measureLiveFanout(report, { workDir, profile }));
    }
  }
  if (selected.has('idle-sockets')) {
    await runSection('6. Idle sockets: memory of 5,000 (PGlite)', () => measureIdleSockets(report, { workDir }));
  }
  if (selected.has('project-lists')) {
    const options = { workDir, durationSeconds: loadSeconds, profile: args.profile };
    await runSection('7. Project lists under load (PGlite)', () =>
      measureProjectLists(report, { ...options, label: 'PGlite' }),
    );
    await runPostgresSection('7b. Project lists under load (PostgreSQL)', (databaseUrl) =>
      measureProjectLists(report, { ...options, label: 'PostgreSQL', databaseUrl }),
    );
  }
  if (selected.has('card-list')) {
    await runSection('8. Cards list of 5,000 cards (PGlite)', () =>
      measureCardList(report, { label: 'PGlite', workDir }),
    );
    await runPostgresSection('8b. Cards list of 5,000 cards (PostgreSQL)', (databaseUrl) =>
      measureCardList(report, { label: 'PostgreSQL', workDir, databaseUrl }),
    );
  }
  if (selected.has('card-editors')) {
    await runSection('9. Twenty editors typing into one card (PGlite)', () => measureCardEditors(report, { workDir }));
  }
  if (selected.has('chat-fanout')) {
    await runSection('10. A chat message to 50 live sockets (PGlite)', () =>
      measureChatFanout(report, { label: 'PGlite', workDir }),
    );
    await runPostgresSection('10b. A chat message to 50 live sockets (PostgreSQL)', (databaseUrl) =>
      measureChatFanout(report, { label: 'PostgreSQL', workDir, databaseUrl }),
    );
  }
  if (selected.has('board')) {
    const options = { workDir, durationSeconds: loadSeconds, profile: args.profile };
    await runSection('11. Kanban board of 5,000 tasks (PGlite)', () =>
      measureBoard(report, { ...options, label: 'PGlite' }),
    );
    await runPostgresSection('11b. Kanban board of 5,000 tasks (PostgreSQL)', (databaseUrl) =>
      measureBoard(report, { ...options, label: 'PostgreSQL', databaseUrl }),
    );
  }
  if (selected.has('files')) {
    await runSection(
      '12. Files: 100 MiB up and down, a photo’s thumbnail, 20 uploads at once (PGlite, local disk)',
      () => measureFiles(report, { workDir }),
    );
  }
  if (selected.has('activity')) {
    await runPostgresSection('13. Activity history of a card with 10,000 entries (PostgreSQL)', (databaseUrl) =>
      measureActivity(report, { workDir, databaseUrl }),
    );
  }
  if (selected.has('search')) {
    await runSection('14. Search over 130,000 cards, tasks, messages and files (PGlite)', () =>
      measureSearch(report, { label: 'PGlite', workDir }),
    );
    await runPostgresSection('14b. Search over 130,000 cards, tasks, messages and files (PostgreSQL)', (databaseUrl) =>
      measureSearch(report, { label: 'PostgreSQL', workDir, databaseUrl }),
    );
  }
  if (selected.has('transfer')) {
    const options = { workDir, scale: transferScale, profile: args.profile };
    const of = transferScale === 1 ? '' : `, scale ${transferScale}`;
    await runSection(`15. Export and import of a project with 1 GiB of files, and a Trello board (PGlite${of})`, () =>
      measureTransfer(report, { ...options, label: 'PGlite' }),
    );
    await runPostgresSection(
      `15b. Export and import of a project with 1 GiB of files, and a Trello board (PostgreSQL${of})`,
      (databaseUrl) => measureTransfer(report, { ...options, label: 'PostgreSQL', databaseUrl }),
    );
  }
  if (selected.has('webhooks')) {
    await runSection('16. Webhooks: 1,000 moves delivered to 5 webhooks (PGlite)', () =>
      measureWebhooks(report, { label: 'PGlite', workDir, profile: args.profile }),
    );
    const over = redisUrl ? 'PostgreSQL + Redis' : 'PostgreSQL';
    await runPostgresSection(`16b. Webhooks: 1,000 moves delivered to 5 webhooks (${over})`, (databaseUrl) =>
      measureWebhooks(report, { label: over, workDir, databaseUrl, redisUrl, profile: args.profile }),
    );
  }
  if (selected.has('proxy')) {
    await runPostgresSection(
      '17. Through nginx: 5,000 live sockets on two instances, a drain, a Redis outage (PostgreSQL + Redis)',
      (databaseUrl) => measureProxy(report, { workDir, databaseUrl }),
    );
  }
  if (selected.has('board-busy')) {
    const options = { workDir, durationSeconds: loadSeconds, profile: args.profile };
    await runSection('18. A busy board of 5,000 tasks: read right after a move, read while others move (PGlite)', () =>
      measureBusyBoard(report, { ...options, label: 'PGlite' }),
    );
    await runPostgresSection(
      '18b. A busy board of 5,000 tasks: read right after a move, read while others move (PostgreSQL)',
      (databaseUrl) => measureBusyBoard(report, { ...options, label: 'PostgreSQL', databaseUrl }),
    );
  }
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
