import { callApi } from './api-client.mjs';
import { registerAccounts } from './bench-accounts.mjs';
import { summarize } from './latency-stats.mjs';
import { addMembers } from './project-setup.mjs';
import { formatMs } from './report.mjs';
import { checkFound, logKinds, queryMix, runMix } from './search-queries.mjs';
import { counts, entryCount, generateRows, people, projectName } from './search-rows.mjs';
import { openDatabase, writeRows } from './search-seed.mjs';
import { startHealthyServer, stopServerNoting } from './server-process.mjs';

const targets = { p50Ms: 20, p99Ms: 60 };

/** Adds the search figures for one database (PostgreSQL when databaseUrl is given, else PGlite). */
export async function measureSearch(report, { label, workDir, databaseUrl }) {
  const sectionStarted = performance.now();
  const name = `search-${label}`;
  const env = databaseUrl ? { DATABASE_URL: databaseUrl, TRUST_PROXY: 'true' } : { TRUST_PROXY: 'true' };
  let server = await startHealthyServer(workDir, name, env);
  try {
    const accounts = await registerAccounts(server.url, { count: people.length, label: name });
    const members = accounts.map((account, i) => ({ ...account, name: people[i] }));
    for (const member of members) {
      await callApi(server.url, 'PATCH', '/api/profile', { token: member.idToken, body: { name: member.name } });
    }
    const [owner] = members;
    const project = await callApi(server.url, 'POST', '/api/projects', {
      token: owner.idToken,
      body: { name: projectName },
      expect: 201,
    });
    // A second, empty project: a search spans both, and `in:` picks one.
    await callApi(server.url, 'POST', '/api/projects', { token: owner.idToken, body: { name: 'Side' }, expect: 201 });
    await addMembers(
      server.url,
      owner,
      members.slice(1).map((account) => ({ projectId: project.id, account })),
    );
    const statuses = await callApi(server.url, 'GET', `/api/projects/${project.id}/statuses`, {
      token: owner.idToken,
    });

    const seedStarted = performance.now();
    const rows = generateRows({ projectId: project.id, statuses, members, now: Date.now() });
    console.log(`  generated the rows in ${formatMs(performance.now() - seedStarted)}`);
    if (!databaseUrl) {
      // PGlite is one process's: write while the server is stopped, then start it again.
      await stopServerNoting(server, name);
    }
    const db = await openDatabase(databaseUrl, `${workDir}/${name}-data/db`);
    try {
      await writeRows(db, rows);
    } finally {
      await db.close();
    }
    if (!databaseUrl) {
      server = await startHealthyServer(workDir, name, env);
      // A new port is a new PUBLIC_URL, the tokens' issuer: sign in again (bench-accounts.mjs's password).
      const session = await callApi(server.url, 'POST', '/api/auth/login', {
        body: { email: owner.email, password: 'Bench-harbour-0-x9' },
      });
      owner.idToken = session.id_token;
    }
    const seedMs = performance.now() - seedStarted;
    console.log(
      `  seeded ${counts.cards.toLocaleString('en')} cards, ${counts.tasks.toLocaleString('en')} tasks, ` +
        `${counts.messages.toLocaleString('en')} messages and ${counts.files.toLocaleString('en')} files ` +
        `in ${formatMs(seedMs)}`,
    );

    // A few other queries first, so that the first measured ones do not pay for cold caches.
    const warmUp = { oneWords: 5, twoWords: 3, threeWords: 2, phrases: 1, perFilter: 1 };
    await runMix(server.url, owner.idToken, queryMix(rows, 99, warmUp));
    const mix = queryMix(rows, 41, {});
    const measureStarted = performance.now();
    const timings = await runMix(server.url, owner.idToken, mix);
    console.log(`  ${timings.length} searches in ${formatMs(performance.now() - measureStarted)}`);
    logKinds(timings);
    checkFound(timings);

    const onPostgres = Boolean(databaseUrl);
    const all = summarize(timings.map((t) => t.ms));
    const entries = `${entryCount.toLocaleString('en')} entries`;
    report.add({
      name: `search (${label}), ${entries}: ${timings.length} queries of all kinds, one at a time`,
      figure: `p50 ${formatMs(all.p50)}, p99 ${formatMs(all.p99)}`,
      target: onPostgres ? `p50 ≤ ${targets.p50Ms} ms, p99 ≤ ${targets.p99Ms} ms` : '—',
      met: onPostgres ? all.p50 <= targets.p50Ms && all.p99 <= targets.p99Ms : undefined,
    });
    const groups = [
      ['words (1–3, the last a prefix)', ['one word', 'two words', 'three words']],
      ['phrases', ['phrase']],
      ['filters', ['filters']],
      ['next pages', ['next page']],
    ];
    for (const [title, kinds] of groups) {
      const of = timings.filter((t) => kinds.includes(t.kind)).map((t) => t.ms);
      if (of.length === 0) continue;
      const figures = summarize(of);
      const p99 = of.length < 100 ? `max ${formatMs(figures.p99)}` : `p99 ${formatMs(figures.p99)}`;
      report.add({
        name: `search (${label}): ${title}, ${of.length} queries`,
        figure: `p50 ${formatMs(figures.p50)}, ${p99}`,
      });
    }
    console.log(`  section took ${formatMs(performance.now() - sectionStarted)}`);
  } finally {
    await stopServerNoting(server, name);
  }
}
