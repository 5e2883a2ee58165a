// 15. Export and import (issue 26): a project of 5,000 cards, 20,000 tasks, 50,000 messages and 1 GiB of files
// exported (time, the zip's size, the server's peak RSS growth), its zip downloaded and imported again (time,
// RSS growth, the counts checked against the seed), and a Trello board of 5,000 cards and 10,000 comments
// imported (time). Both ways are streamed, so RSS should grow by at most 100 MiB whatever the project's size.
// `scale` (bench.mjs's --transfer-scale) shrinks the project and the board for a quick check; `profile`
// (--profile) prints where the server spends its CPU in each and how its JS heap grows (figures then run slower).
import fs from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { callApi, nextBenchAddress } from './api-client.mjs';
import { registerAccounts } from './bench-accounts.mjs';
import { inspectorEnv } from './inspector-client.mjs';
import { waitForQuietCpu } from './process-cpu.mjs';
import { waitForStableRss } from './process-memory.mjs';
import { addMembers } from './project-setup.mjs';
import { formatMib, formatMs } from './report.mjs';
import { findFreePort, startHealthyServer, stopServerNoting } from './server-process.mjs';
import { downloadTo, postImport, sampleRss, waitForJob } from './transfer-http.mjs';
import { startTransferProfile } from './transfer-profile.mjs';
import { generateTransferRows, seedCounts, writeTransferRows } from './transfer-seed.mjs';
import { generateTrelloBoard, writeTrelloBoard } from './trello-board-gen.mjs';

const targets = { rssGrowthMib: 100, trelloSeconds: 20 };
/** The owner (who exports and imports) first. */
const people = ['Ada Lovelace', 'Hedy Lamarr', 'Claude Shannon'];
const trelloFull = { cards: 5000, comments: 10_000 };
/** bench-accounts.mjs's password of account i. */
const passwordOf = (i) => `Bench-harbour-${i}-x9`;
/** ID tokens last 15 minutes: a new one is asked for once one is this old. */
const tokenRenewMs = 10 * 60 * 1000;
/** Long enough for a large import to leave no work behind in the server (search indexes it after `done`). */
const settleTimeoutMs = 5 * 60 * 1000;

const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
const gib = (bytes) => `${(bytes / 2 ** 30).toFixed(2)} GiB`;
const mibPerS = (bytes, ms) => `${(bytes / 2 ** 20 / (ms / 1000)).toFixed(0)} MiB/s`;
const number = (n) => n.toLocaleString('en');
/** From 99 % to done: the last rows, then the new project's members and its search index (when it was seen). */
const finishing = (ms) =>
  ms === undefined ? '' : `, of which ${seconds(ms)} from 99 % to done: last rows, members, search index`;

/** The owner's ID token, signed in again when it is old or the server has a new address. */
function ownerSession(email) {
  let current;
  return {
    async token(baseUrl) {
      if (current?.baseUrl === baseUrl && performance.now() - current.at < tokenRenewMs) return current.token;
      const session = await callApi(baseUrl, 'POST', '/api/auth/login', {
        body: { email, password: passwordOf(0) },
        address: nextBenchAddress(),
      });
      current = { baseUrl, token: session.id_token, at: performance.now() };
      return current.token;
    },
  };
}

/** The export link's path on the server's own address (its PUBLIC_URL says localhost). */
function onServer(server, link) {
  const url = new URL(link);
  return `${server.url}${url.pathname}${url.search}`;
}

/** Exports project `projectId`; resolves to { exportMs, done } (done: the export's final row). */
async function exportProject(server, session, projectId) {
  const started = performance.now();
  const token = await session.token(server.url);
  const queued = await callApi(server.url, 'POST', `/api/projects/${projectId}/exports`, { token, expect: 202 });
  const { row: done } = await waitForJob(
    async () => callApi(server.url, 'GET', `/api/exports/${queued.id}`, { token: await session.token(server.url) }),
    { what: 'export', logPath: server.logPath },
  );
  return { exportMs: performance.now() - started, done };
}

/** Downloads a done export's zip to `zipPath`; resolves to { downloadMs, size }. */
async function downloadExport(server, done, zipPath) {
  const started = performance.now();
  const size = await downloadTo(onServer(server, done.url), zipPath);
  if (size !== done.size) throw new Error(`downloaded ${size} bytes of an export of ${done.size}`);
  return { downloadMs: performance.now() - started, size };
}

/**
 * Sends `filePath` to /api/imports and waits for its end; resolves to { uploadMs, totalMs, finishingMs, row }
 * (finishingMs: see waitForJob).
 */
async function importFile(server, session, file) {
  const started = performance.now();
  const queued = await postImport(server.url, await session.token(server.url), file);
  const uploadMs = performance.now() - started;
  const { row, finishingMs } = await waitForJob(
    async () => callApi(server.url, 'GET', `/api/imports/${queued.id}`, { token: await session.token(server.url) }),
    { what: 'import', logPath: server.logPath },
  );
  return { uploadMs, totalMs: performance.now() - started, finishingMs, row };
}

/** RSS in MiB every 2 s, with its anonymous and file-backed parts: which phase of a job grows which. */
function printRssTimeline(timeline) {
  const mib = (kib) => Math.round(kib / 1024);
  const rows = timeline.filter((_, i) => i % 2 === 0);
  for (let i = 0; i < rows.length; i += 6) {
    const line = rows
      .slice(i, i + 6)
      .map((s) => `${Math.round(s.ms / 1000)}s ${mib(s.rss)} (a${mib(s.anon)} f${mib(s.file)})`)
      .join(' · ');
    console.log(`    RSS MiB ${line}`);
  }
}

/**
 * Runs `work` with the server's RSS sampled; resolves to { result, growthKib } over its settled RSS before. With
 * `profilePort` (--profile), also prints where the server spent its CPU and how its JS heap grew, as `title`.
 */
async function withRssGrowth(server, work, { profilePort, title } = {}) {
  const before = await waitForStableRss(server.pid, { intervalMs: 200 });
  const profiler = profilePort ? await startTransferProfile(profilePort) : undefined;
  const sampler = sampleRss(server.pid);
  let result;
  let peak;
  try {
    result = await work();
  } finally {
    peak = await sampler.stop();
    await profiler?.stop(title);
  }
  console.log(
    `    RSS ${formatMib(before.rssKib)} before${before.stable ? '' : ' (not settled)'}, peak ` +
      `${formatMib(peak.peakKib)} ${seconds(peak.peakAtMs)} in`,
  );
  if (profilePort) printRssTimeline(peak.timeline);
  return { result, growthKib: peak.peakKib - before.rssKib };
}

/** Whether the server's log says the imported project is indexed (the search job's last line for it). */
async function loggedIndexed(logPath, projectId) {
  const text = await fs.readFile(logPath, 'utf8').catch(() => '');
  return text.split('\n').some((line) => line.includes('imported project indexed') && line.includes(projectId));
}

/**
 * Waits until the server has finished what an import leaves behind (search indexes the new project after
 * `done`, as a job): until its log says so, on PostgreSQL also until the project's index entries are all there,
 * then until the server's CPU is quiet. Stopped before, the next measurement's server would take the job up and
 * index meanwhile.
 */
async function settleAfterImport(server, { databaseUrl, projectId, entries }) {
  const started = performance.now();
  while (!(await loggedIndexed(server.logPath, projectId)) && performance.now() - started < settleTimeoutMs) {
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  if (databaseUrl) {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      for (;;) {
        const { rows } = await client.query('SELECT count(*)::int AS n FROM search_entries WHERE project_id = $1', [
          projectId,
        ]);
        if (rows[0].n >= entries) break;
        if (performance.now() - started > settleTimeoutMs) {
          console.log(
            `    note: ${number(rows[0].n)} of ${number(entries)} index entries after ${seconds(settleTimeoutMs)}`,
          );
          break;
        }
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
    } finally {
      await client.end();
    }
  }
  const quiet = await waitForQuietCpu([server.pid], { windowMs: 1000, timeoutMs: settleTimeoutMs });
  console.log(
    `    the server was quiet again ${seconds(performance.now() - started)} after the import's end` +
      `${quiet.quiet ? '' : ' (not quite: it was still busy at the time limit)'}: search indexes the new project meanwhile`,
  );
}

function describeCounts(counts) {
  return `${number(counts.cards)} cards, ${number(counts.tasks)} tasks, ${number(counts.messages)} messages, ${number(counts.files)} files`;
}

/** The differences between an import's counts and the expected ones, as text (empty when they agree). */
function countDifferences(counts, expected) {
  return Object.entries(expected)
    .filter(([kind, n]) => counts[kind] !== n)
    .map(([kind, n]) => `${kind} ${counts[kind]} (expected ${n})`);
}

/** A tiny export and Trello import first, so that what they load (zip, multipart, Markdown) is not growth. */
async function warmUp(server, session, { workDir, name }) {
  const token = await session.token(server.url);
  const project = await callApi(server.url, 'POST', '/api/projects', { token, body: { name: 'Warm-up' }, expect: 201 });
  await callApi(server.url, 'POST', `/api/projects/${project.id}/cards`, {
    token,
    body: { title: 'One' },
    expect: 201,
  });
  const zipPath = path.join(workDir, `${name}-warm-up.zip`);
  await downloadExport(server, (await exportProject(server, session, project.id)).done, zipPath);
  await importFile(server, session, {
    filePath: zipPath,
    fileName: 'warm-up.zip',
    contentType: 'application/zip',
    name: 'Warm-up 2',
  });
  await fs.rm(zipPath);
  const boardPath = path.join(workDir, `${name}-warm-up.json`);
  await writeTrelloBoard(boardPath, generateTrelloBoard({ cards: 20, comments: 40, importerName: people[0] }));
  await importFile(server, session, {
    filePath: boardPath,
    fileName: 'warm-up.json',
    contentType: 'application/json',
    name: 'Warm-up 3',
  });
  await fs.rm(boardPath);
}

/**
 * Exports the seeded project and imports its zip again, each on a fresh server; adds their figures.
 * @throws when the export or the import fails, or the import's counts differ from the seed
 */
async function measureRoundTrip(report, { fresh, session, label, workDir, name, seeded, profilePort }) {
  const { projectId, counts, statuses, fileBytes } = seeded;
  let server = await fresh();
  console.log('  exporting…');
  const exported = await withRssGrowth(server, () => exportProject(server, session, projectId), {
    profilePort,
    title: `${name} export`,
  });
  const zipPath = path.join(workDir, `${name}-export.zip`);
  const downloaded = await withRssGrowth(server, () => downloadExport(server, exported.result.done, zipPath));
  const { downloadMs, size } = downloaded.result;
  const { exportMs } = exported.result;
  report.add({
    name: `transfer (${label}): export of ${describeCounts(counts)} (${gib(fileBytes)}), POST to done`,
    figure:
      `${seconds(exportMs)} (${mibPerS(size, exportMs)}), zip ${gib(size)}; ` +
      `download ${seconds(downloadMs)} (RSS +${formatMib(downloaded.growthKib)})`,
  });
  report.add({
    name: `transfer (${label}): export, server RSS growth (peak, POST to done)`,
    figure: `+${formatMib(exported.growthKib)}`,
    target: `≤ ${targets.rssGrowthMib} MiB`,
    met: exported.growthKib / 1024 <= targets.rssGrowthMib,
  });

  server = await fresh();
  console.log('  importing the zip…');
  let imported;
  try {
    imported = await withRssGrowth(
      server,
      () =>
        importFile(server, session, {
          filePath: zipPath,
          fileName: 'harbour-transfer.zip',
          contentType: 'application/zip',
          name: 'Harbour transfer (imported)',
        }),
      { profilePort, title: `${name} import` },
    );
  } finally {
    await fs.rm(zipPath, { force: true });
  }
  const { uploadMs, totalMs, finishingMs, row } = imported.result;
  const differences = countDifferences(row.counts, { ...counts, statuses: statuses.length, chats: counts.cards });
  report.add({
    name: `transfer (${label}): import of that zip, POST to done`,
    figure:
      `${seconds(totalMs)} (upload ${seconds(uploadMs)}, job ${seconds(totalMs - uploadMs)}${finishing(finishingMs)}); ` +
      `${describeCounts(row.counts)}${differences.length ? ' (NOT the seed’s)' : ' (= the seed)'}`,
  });
  report.add({
    name: `transfer (${label}): import, server RSS growth (peak)`,
    figure: `+${formatMib(imported.growthKib)}`,
    target: `≤ ${targets.rssGrowthMib} MiB`,
    met: imported.growthKib / 1024 <= targets.rssGrowthMib,
  });
  const entries = counts.cards + counts.tasks + counts.messages + counts.files;
  await settleAfterImport(server, { databaseUrl: seeded.databaseUrl, projectId: row.project_id, entries });
  if (differences.length > 0) throw new Error(`the import's counts differ from the seed: ${differences.join(', ')}`);
}

/** Imports a generated Trello board and adds its figure. @throws when it fails or its counts are not the board's */
async function measureTrello(report, { fresh, session, label, workDir, name, scale, importerName, profilePort }) {
  const trello = {
    cards: Math.max(1, Math.round(trelloFull.cards * scale)),
    comments: Math.max(1, Math.round(trelloFull.comments * scale)),
  };
  const boardPath = path.join(workDir, `${name}-trello.json`);
  const board = generateTrelloBoard({ ...trello, importerName });
  const openLists = board.lists.filter((list) => !list.closed).length;
  const boardBytes = await writeTrelloBoard(boardPath, board);
  const server = await fresh();
  console.log(`  importing a Trello board of ${(boardBytes / 1e6).toFixed(1)} MB…`);
  let imported;
  try {
    imported = await withRssGrowth(
      server,
      () =>
        importFile(server, session, {
          filePath: boardPath,
          fileName: 'harbour-roadmap.json',
          contentType: 'application/json',
          name: 'Harbour roadmap (Trello)',
        }),
      { profilePort, title: `${name} Trello import` },
    );
  } finally {
    await fs.rm(boardPath, { force: true });
  }
  const { row, totalMs, uploadMs, finishingMs } = imported.result;
  const differences = countDifferences(row.counts, {
    statuses: openLists,
    cards: trello.cards,
    chats: trello.cards,
    tasks: trello.cards,
    messages: trello.comments,
    files: 0,
  });
  report.add({
    name:
      `transfer (${label}): Trello board of ${number(trello.cards)} cards, ${number(trello.comments)} comments ` +
      `(${(boardBytes / 1e6).toFixed(1)} MB), POST to done`,
    figure:
      `${seconds(totalMs)} (upload ${seconds(uploadMs)}${finishing(finishingMs)}); ${number(row.counts.cards)} cards, ` +
      `${number(row.counts.messages)} messages, ${number(row.counts.tasks)} tasks, ${row.warnings.length} warnings; ` +
      `RSS +${formatMib(imported.growthKib)}`,
    target: `≤ ${targets.trelloSeconds} s`,
    met: totalMs / 1000 <= targets.trelloSeconds,
  });
  if (differences.length > 0) throw new Error(`the Trello import's counts differ: ${differences.join(', ')}`);
}

/** Adds the transfer figures for one database (PostgreSQL when databaseUrl is given, else PGlite). */
export async function measureTransfer(report, { label, workDir, databaseUrl, scale = 1, profile = false }) {
  const sectionStarted = performance.now();
  const name = `transfer-${label}`;
  const dataDir = path.join(workDir, `${name}-data`);
  const env = {
    TRUST_PROXY: 'true',
    // The zip holds 1 GiB of files and the rows beside them: more than the default 1 GiB an import takes.
    IMPORT_MAX_BYTES: String(4 * 2 ** 30),
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  };
  const profilePort = profile ? await findFreePort() : undefined;
  if (profilePort) Object.assign(env, inspectorEnv(profilePort));
  const counts = seedCounts(scale);
  let server = await startHealthyServer(workDir, name, env);
  try {
    const accounts = await registerAccounts(server.url, { count: people.length, label: name });
    const members = accounts.map((account, i) => ({ ...account, name: people[i] }));
    for (const member of members) {
      await callApi(server.url, 'PATCH', '/api/profile', { token: member.idToken, body: { name: member.name } });
    }
    const [owner] = members;
    const session = ownerSession(owner.email);
    const project = await callApi(server.url, 'POST', '/api/projects', {
      token: owner.idToken,
      body: { name: 'Harbour transfer' },
      expect: 201,
    });
    await addMembers(
      server.url,
      owner,
      members.slice(1).map((account) => ({ projectId: project.id, account })),
    );
    const statuses = await callApi(server.url, 'GET', `/api/projects/${project.id}/statuses`, {
      token: owner.idToken,
    });

    const seedStarted = performance.now();
    const rows = generateTransferRows({ projectId: project.id, statuses, members, counts, now: Date.now() });
    console.log(`  generated the rows in ${formatMs(performance.now() - seedStarted)}`);
    // PGlite is one process's: write while the server is stopped (fresh() below starts it again).
    await stopServerNoting(server, name);
    await writeTransferRows({ databaseUrl, dataDir }, rows);
    const fileBytes = rows.files.reduce((sum, file) => sum + file.size, 0);
    console.log(
      `  seeded ${describeCounts(counts)} (${gib(fileBytes)}) in ${seconds(performance.now() - seedStarted)}`,
    );

    // Each measurement on a server of its own, started and warmed up for it: RSS never shrinks back, so one
    // measured after another would start from the last one's peak.
    const fresh = async () => {
      await stopServerNoting(server, name);
      server = await startHealthyServer(workDir, name, env);
      await warmUp(server, session, { workDir, name });
      return server;
    };
    const context = { fresh, session, label, workDir, name, profilePort };
    // The Trello import is measured even when the round trip fails: it does not depend on it.
    let roundTripError;
    try {
      const seeded = { projectId: project.id, counts, statuses, fileBytes, databaseUrl };
      await measureRoundTrip(report, { ...context, seeded });
    } catch (err) {
      roundTripError = err;
      report.add({ name: `transfer (${label}): export and import of the seeded project`, figure: 'FAILED (see log)' });
      console.error(`  ✘ export and import: ${err instanceof Error ? err.message : String(err)}`);
    }
    await measureTrello(report, { ...context, scale, importerName: owner.name });
    if (roundTripError) throw roundTripError;
    console.log(`  section took ${seconds(performance.now() - sectionStarted)}`);
  } finally {
    await stopServerNoting(server, name);
    // Gigabytes of files: gone now rather than with the work dir at the end of the run.
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}
