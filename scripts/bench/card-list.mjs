// 8. A project with 5,000 cards whose bodies hold about 2,000 characters: the first page of the cards list and
// a search for a word of the bodies, one client at a time (latency, not throughput). The cards are made through
// the API; their body text is written straight into the database (the collaboration server keeps it there
// beside the Yjs state), since 5,000 editor sessions would make the setup, not the measurement, the slow part.
import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import pg from 'pg';
import { callApi } from './api-client.mjs';
import { registerAccounts } from './bench-accounts.mjs';
import { mapWithConcurrency } from './concurrency.mjs';
import { timeGets } from './latency-stats.mjs';
import { formatMs } from './report.mjs';
import { startHealthyServer, stopServerNoting } from './server-process.mjs';

const cardCount = 5000;
const bodyChars = 2000;
const rounds = 200;
const searchWord = 'harbour';
const targets = { firstPageP50Ms: 15, searchP50Ms: 30 };

/** Pseudo-words from syllables: a vocabulary large enough that a word is in a few percent of the bodies. */
function vocabulary() {
  const syllables = ['ka', 'lo', 'mi', 'ne', 'ru', 'ta', 'vo', 'shi', 'pe', 'dra', 'gul', 'fen'];
  const words = new Set();
  for (const a of syllables) for (const b of syllables) for (const c of syllables) words.add(a + b + c);
  return [...words];
}

/** A body of about `bodyChars` characters; one in fifty mentions the search word. */
function bodyText(i, words) {
  const parts = [];
  let length = 0;
  while (length < bodyChars) {
    const word = words[(i * 7919 + parts.length * 104729) % words.length];
    parts.push(word);
    length += word.length + 1;
  }
  if (i % 50 === 0) parts.splice(parts.length >> 1, 0, searchWord);
  return parts.join(' ').slice(0, bodyChars);
}

async function writeBodies(query, cardIds) {
  const words = vocabulary();
  for (let start = 0; start < cardIds.length; start += 500) {
    const ids = cardIds.slice(start, start + 500);
    const bodies = ids.map((_, i) => bodyText(start + i, words));
    await query(
      'UPDATE cards AS c SET body_text = v.body FROM (SELECT unnest($1::uuid[]) AS id, unnest($2::text[]) AS body) v WHERE c.id = v.id',
      [ids, bodies],
    );
  }
}

/** Adds the list figures for one database (PostgreSQL when databaseUrl is given, else PGlite). */
export async function measureCardList(report, { label, workDir, databaseUrl }) {
  const env = databaseUrl ? { DATABASE_URL: databaseUrl, TRUST_PROXY: 'true' } : { TRUST_PROXY: 'true' };
  let server = await startHealthyServer(workDir, `cards-${label}`, env);
  const [owner] = await registerAccounts(server.url, { count: 1, label: `cards-${label}` });
  const project = await callApi(server.url, 'POST', '/api/projects', {
    token: owner.idToken,
    body: { name: 'Five thousand cards' },
    expect: 201,
  });
  const started = performance.now();
  const cardIds = await mapWithConcurrency(
    Array.from({ length: cardCount }, (_, i) => i),
    8,
    async (i) =>
      (
        await callApi(server.url, 'POST', `/api/projects/${project.id}/cards`, {
          token: owner.idToken,
          body: { title: `Card ${i + 1}` },
          expect: 201,
        })
      ).id,
  );
  console.log(`  made ${cardCount} cards in ${formatMs(performance.now() - started)}`);
  if (databaseUrl) {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    await writeBodies((text, values) => client.query(text, values), cardIds);
    // What autovacuum would do within a minute of so many writes; the measurement should not depend on its timing.
    await client.query('ANALYZE cards');
    await client.end();
  } else {
    // PGlite is one process's: write the bodies while the server is stopped, then start it again.
    await stopServerNoting(server, `cards-${label}`);
    const db = await PGlite.create({ dataDir: `${workDir}/cards-${label}-data/db`, extensions: { btree_gin } });
    await writeBodies((text, values) => db.query(text, values), cardIds);
    await db.close();
    server = await startHealthyServer(workDir, `cards-${label}`, env);
    // A new port is a new PUBLIC_URL, the tokens' issuer: sign in again (bench-accounts.mjs's password).
    const session = await callApi(server.url, 'POST', '/api/auth/login', {
      body: { email: owner.email, password: 'Bench-harbour-0-x9' },
    });
    owner.idToken = session.id_token;
  }
  try {
    const base = `${server.url}/api/projects/${project.id}/cards`;
    const firstPage = await timeGets(`${base}?limit=50`, owner.idToken, rounds);
    const search = await timeGets(`${base}?q=${searchWord}&limit=50`, owner.idToken, rounds);
    report.add({
      name: `cards list (${label}), 5,000 cards: first page of 50`,
      figure: `p50 ${formatMs(firstPage.p50)}, p99 ${formatMs(firstPage.p99)}`,
      target: databaseUrl ? `p50 ≤ ${targets.firstPageP50Ms} ms` : '—',
      met: databaseUrl ? firstPage.p50 <= targets.firstPageP50Ms : undefined,
    });
    report.add({
      name: `cards list (${label}), 5,000 cards: body-word search`,
      figure: `p50 ${formatMs(search.p50)}, p99 ${formatMs(search.p99)}`,
      target: databaseUrl ? `p50 ≤ ${targets.searchP50Ms} ms` : '—',
      met: databaseUrl ? search.p50 <= targets.searchP50Ms : undefined,
    });
  } finally {
    await stopServerNoting(server, `cards-${label}`);
  }
}
