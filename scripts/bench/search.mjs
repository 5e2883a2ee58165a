// 14. Search (GET /api/search) over a project with 5,000 cards (bodies of about 2,000 characters), 20,000 tasks,
// 100,000 messages and 5,000 files: one client, one request at a time (latency, not throughput), a fixed mix of
// one-, two- and three-word queries (the last word a prefix, as typed), phrases, filter queries and a few next
// pages, as the palette sends them (all the caller's projects, 20 a page). The owner, four members (so that
// `assignee:` and `from:` name people) and the project are made through the API; the rows are written straight
// into the database, since 130,000 creations through the API would make the setup, not the measurement, the
// slow part. Their index entries are then written by the search area's own SQL functions (migration 0016), as
// its subscribers would. The text is pseudo-words drawn with a Zipf-like skew: common words are in a fifth of
// the messages and in every card body, the rarest in about a hundred rows. Everything is drawn from fixed seeds,
// so every run searches the same rows with the same queries.
import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import pg from 'pg';
import { callApi } from './api-client.mjs';
import { registerAccounts } from './bench-accounts.mjs';
import { summarize } from './latency-stats.mjs';
import { addMembers } from './project-setup.mjs';
import { formatMs } from './report.mjs';
import { startHealthyServer, stopServerNoting } from './server-process.mjs';

const counts = { cards: 5000, tasks: 20_000, messages: 100_000, files: 5000 };
const entryCount = counts.cards + counts.tasks + counts.messages + counts.files;
const bodyChars = 2000;
const targets = { p50Ms: 20, p99Ms: 60 };
const projectName = 'Harbour search';
/** The owner (who searches) first; the people `assignee:` and `from:` name by their first names. */
const people = ['Ada Lovelace', 'Grace Hopper', 'Alan Turing', 'Edsger Dijkstra', 'Barbara Liskov'];
/** How often each person writes, creates or uploads something: the owner most. */
const authorWeights = [4, 2, 2, 1, 1];
const labels = ['bug', 'design', 'backend', 'frontend', 'research', 'ops', 'docs', 'billing'];
const fileKinds = [
  ['pdf', 'application/pdf'],
  ['png', 'image/png'],
  ['docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
  ['xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
  ['txt', 'text/plain'],
];
const dayMs = 24 * 60 * 60 * 1000;
/** Rows per INSERT: a statement of a few megabytes at most. */
const insertChunk = { cards: 500, other: 2500 };
/** Ids per call of an index writer, so that no statement is huge. */
const indexChunk = 5000;

/** A small seeded generator (mulberry32): the same rows and queries on every run. */
function seeded(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const pick = (random, items) => items[Math.floor(random() * items.length)];
const between = (random, low, high) => low + Math.floor(random() * (high - low + 1));

/** A picker of an index by weight. */
function weighted(weights) {
  const cumulative = [];
  let sum = 0;
  for (const weight of weights) {
    sum += weight;
    cumulative.push(sum);
  }
  return (random) => {
    const x = random() * sum;
    let low = 0;
    let high = cumulative.length - 1;
    while (low < high) {
      const mid = (low + high) >> 1;
      if (cumulative[mid] > x) high = mid;
      else low = mid + 1;
    }
    return low;
  };
}

/**
 * 4,096 pseudo-words of three syllables, in a shuffled order that is their rank: word k is drawn with weight
 * 1 / (k + 10) (Zipf–Mandelbrot), so the commonest is about 1.5 % of all words (a fifth of the messages) and the
 * rarest is in about a hundred rows. The shuffle keeps a word's rank apart from its first letters (its prefixes).
 */
function vocabulary(random) {
  const syllables = [
    'ka',
    'lo',
    'mi',
    'ne',
    'ru',
    'ta',
    'vo',
    'shi',
    'pe',
    'dra',
    'gul',
    'fen',
    'bo',
    'tir',
    'sa',
    'quen',
  ];
  const words = [];
  for (const a of syllables) for (const b of syllables) for (const c of syllables) words.push(a + b + c);
  for (let i = words.length - 1; i > 0; i -= 1) {
    const j = Math.floor(random() * (i + 1));
    [words[i], words[j]] = [words[j], words[i]];
  }
  const rank = weighted(words.map((_, k) => 1 / (k + 11)));
  return { words, draw: (r) => words[rank(r)] };
}

/** A UUIDv7 of the moment `ms`, as the server makes them (ids order by time). */
function uuidv7(ms, random) {
  const hex = (length) =>
    Math.floor(random() * 16 ** length)
      .toString(16)
      .padStart(length, '0');
  const time = Math.floor(ms).toString(16).padStart(12, '0');
  const variant = (8 + Math.floor(random() * 4)).toString(16);
  return `${time.slice(0, 8)}-${time.slice(8)}-7${hex(3)}-${variant}${hex(3)}-${hex(6)}${hex(6)}`;
}

/** An order key (modules/tasks/service/order-keys.ts): 'e' and five base-62 digits, so n in order. */
function orderKey(n) {
  const digits = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
  let text = '';
  for (let rest = n; text.length < 5; rest = Math.floor(rest / 62)) text = digits[rest % 62] + text;
  return `e${text}`;
}

const capitalized = (text) => text.charAt(0).toUpperCase() + text.slice(1);

function wordsText(random, vocab, count) {
  return Array.from({ length: count }, () => vocab.draw(random)).join(' ');
}

/** Sentences of 6–16 words until about `bodyChars` characters. */
function bodyText(random, vocab) {
  const sentences = [];
  let length = 0;
  while (length < bodyChars) {
    const sentence = `${capitalized(wordsText(random, vocab, between(random, 6, 16)))}.`;
    sentences.push(sentence);
    length += sentence.length + 1;
  }
  return sentences.join(' ').slice(0, bodyChars);
}

/** The rows of the project, in memory: what is inserted, and what the queries are drawn from. */
function generateRows({ projectId, statuses, members, now }) {
  const random = seeded(14);
  const vocab = vocabulary(random);
  const author = weighted(authorWeights);
  const person = () => members[author(random)];
  const past = (days) => now - random() * days * dayMs;

  const cards = [];
  const chats = [];
  for (let i = 0; i < counts.cards; i += 1) {
    const createdAt = past(365);
    const by = person();
    const id = uuidv7(createdAt, random);
    cards.push({
      id,
      title: capitalized(wordsText(random, vocab, between(random, 2, 5))),
      body: bodyText(random, vocab),
      createdBy: by.userId,
      createdByName: by.name,
      createdAt,
      updatedAt: Math.min(now, createdAt + random() * 30 * dayMs),
    });
    chats.push({ id: uuidv7(createdAt, random), cardId: id, createdBy: by.userId, createdByName: by.name, createdAt });
  }

  const messages = [];
  for (let i = 0; i < counts.messages; i += 1) {
    const chatIndex = Math.floor(random() * chats.length);
    const chat = chats[chatIndex];
    const createdAt = chat.createdAt + random() * (now - chat.createdAt);
    const by = person();
    const text = wordsText(random, vocab, between(random, 5, 25));
    messages.push({
      id: uuidv7(createdAt, random),
      chatId: chat.id,
      cardId: chat.cardId,
      authorId: by.userId,
      authorName: by.name,
      text: `${capitalized(text)}${random() < 0.2 ? '?' : '.'}`,
      createdAt,
      editedAt: random() < 0.05 ? Math.min(now, createdAt + random() * 3_600_000) : null,
    });
    chat.lastMessageAt = Math.max(chat.lastMessageAt ?? 0, createdAt);
  }

  const statusWeights = weighted([4, 2, 4]); // To do, In progress, Done
  const positions = statuses.map(() => 0);
  const tasks = [];
  for (let i = 0; i < counts.tasks; i += 1) {
    const card = pick(random, cards);
    const createdAt = card.createdAt + random() * (now - card.createdAt);
    const updatedAt = Math.min(now, createdAt + random() * 20 * dayMs);
    const statusIndex = statusWeights(random);
    const by = person();
    const assignees = new Set();
    const assigneeCount = random() < 0.3 ? 0 : random() < 0.8 ? 1 : 2;
    while (assignees.size < assigneeCount) assignees.add(person().userId);
    const taskLabels = new Set();
    const labelCount = random() < 0.5 ? 0 : random() < 0.8 ? 1 : 2;
    while (taskLabels.size < labelCount) taskLabels.add(pick(random, labels));
    tasks.push({
      id: uuidv7(createdAt, random),
      cardId: card.id,
      statusId: statuses[statusIndex].id,
      title: capitalized(wordsText(random, vocab, between(random, 3, 6))),
      position: orderKey(positions[statusIndex]++),
      assignees: [...assignees].join(','),
      dueAt: random() < 0.5 ? now + (random() * 120 - 60) * dayMs : null,
      priority: pick(random, ['none', 'none', 'low', 'medium', 'high', 'urgent']),
      labels: [...taskLabels].join(','),
      doneAt: statuses[statusIndex].category === 'done' ? updatedAt : null,
      createdBy: by.userId,
      createdByName: by.name,
      createdAt,
      updatedAt,
    });
  }

  const files = [];
  for (let i = 0; i < counts.files; i += 1) {
    // Half of them were sent with a message, the others added to the card.
    const message = random() < 0.5 ? pick(random, messages) : null;
    const card = message ? null : pick(random, cards);
    const createdAt = message ? message.createdAt : card.createdAt + random() * (now - card.createdAt);
    const by = message ? members.find((m) => m.userId === message.authorId) : person();
    const [extension, contentType] = pick(random, fileKinds);
    const id = uuidv7(createdAt, random);
    files.push({
      id,
      cardId: message ? message.cardId : card.id,
      messageId: message?.id ?? null,
      uploaderId: by.userId,
      uploaderName: by.name,
      name: `${vocab.draw(random)}_${vocab.draw(random)}-${between(random, 2023, 2026)}.${extension}`,
      contentType,
      size: between(random, 10_000, 5_000_000),
      storageKey: `uploads/${id}`,
      createdAt,
    });
  }
  return { projectId, vocab, cards, chats, messages, tasks, files };
}

const iso = (ms) => (ms === null || ms === undefined ? null : new Date(ms).toISOString());

/**
 * The inserts, one statement per chunk of rows: each column is an array parameter, unnested back into rows.
 * `columns` are [row key, SQL type, how to pass the value].
 */
const tables = {
  cards: {
    sql: `INSERT INTO cards (id, project_id, title, body_text, created_by, created_by_name, created_at, updated_at)
      SELECT v.id, $1::uuid, v.title, v.body, v.created_by, v.created_by_name, v.created_at, v.updated_at
      FROM unnest($2::uuid[], $3::text[], $4::text[], $5::uuid[], $6::text[], $7::timestamptz[], $8::timestamptz[])
        AS v(id, title, body, created_by, created_by_name, created_at, updated_at)`,
    columns: ['id', 'title', 'body', 'createdBy', 'createdByName', ['createdAt', iso], ['updatedAt', iso]],
  },
  chats: {
    sql: `INSERT INTO chats (id, card_id, project_id, name, created_by, created_by_name, created_at, last_message_at)
      SELECT v.id, v.card_id, $1::uuid, 'General', v.created_by, v.created_by_name, v.created_at, v.last_message_at
      FROM unnest($2::uuid[], $3::uuid[], $4::uuid[], $5::text[], $6::timestamptz[], $7::timestamptz[])
        AS v(id, card_id, created_by, created_by_name, created_at, last_message_at)`,
    columns: ['id', 'cardId', 'createdBy', 'createdByName', ['createdAt', iso], ['lastMessageAt', iso]],
  },
  messages: {
    sql: `INSERT INTO messages (id, chat_id, card_id, project_id, author_id, author_name, text, created_at, edited_at)
      SELECT v.id, v.chat_id, v.card_id, $1::uuid, v.author_id, v.author_name, v.text, v.created_at, v.edited_at
      FROM unnest($2::uuid[], $3::uuid[], $4::uuid[], $5::uuid[], $6::text[], $7::text[], $8::timestamptz[],
        $9::timestamptz[]) AS v(id, chat_id, card_id, author_id, author_name, text, created_at, edited_at)`,
    columns: ['id', 'chatId', 'cardId', 'authorId', 'authorName', 'text', ['createdAt', iso], ['editedAt', iso]],
  },
  tasks: {
    sql: `INSERT INTO tasks (id, project_id, card_id, status_id, title, position, assignee_ids, due_at, priority,
        labels, done_at, created_by, created_by_name, created_at, updated_at)
      SELECT v.id, $1::uuid, v.card_id, v.status_id, v.title, v.position, string_to_array(v.assignees, ',')::uuid[],
        v.due_at, v.priority, string_to_array(v.labels, ','), v.done_at, v.created_by, v.created_by_name,
        v.created_at, v.updated_at
      FROM unnest($2::uuid[], $3::uuid[], $4::uuid[], $5::text[], $6::text[], $7::text[], $8::timestamptz[],
        $9::text[], $10::text[], $11::timestamptz[], $12::uuid[], $13::text[], $14::timestamptz[], $15::timestamptz[])
        AS v(id, card_id, status_id, title, position, assignees, due_at, priority, labels, done_at, created_by,
          created_by_name, created_at, updated_at)`,
    columns: [
      'id',
      'cardId',
      'statusId',
      'title',
      'position',
      'assignees',
      ['dueAt', iso],
      'priority',
      'labels',
      ['doneAt', iso],
      'createdBy',
      'createdByName',
      ['createdAt', iso],
      ['updatedAt', iso],
    ],
  },
  files: {
    sql: `INSERT INTO files (id, project_id, card_id, message_id, uploader_id, uploader_name, name, content_type, size,
        storage_key, created_at)
      SELECT v.id, $1::uuid, v.card_id, v.message_id, v.uploader_id, v.uploader_name, v.name, v.content_type, v.size,
        v.storage_key, v.created_at
      FROM unnest($2::uuid[], $3::uuid[], $4::uuid[], $5::uuid[], $6::text[], $7::text[], $8::text[], $9::bigint[],
        $10::text[], $11::timestamptz[])
        AS v(id, card_id, message_id, uploader_id, uploader_name, name, content_type, size, storage_key, created_at)`,
    columns: [
      'id',
      'cardId',
      'messageId',
      'uploaderId',
      'uploaderName',
      'name',
      'contentType',
      'size',
      'storageKey',
      ['createdAt', iso],
    ],
  },
};

/** The index writers of migration 0016, in the order its backfill runs them. */
const indexWriters = [
  ['cards', 'search_index_cards'],
  ['tasks', 'search_index_tasks'],
  ['messages', 'search_index_messages'],
  ['files', 'search_index_files'],
];

/**
 * Inserts the rows, writes their index entries and then does what autovacuum (or PGlite's upkeep,
 * db/pglite-upkeep.ts) would do within a minute of so many inserts, so that neither runs during the measurement:
 * VACUUM (which also merges the GIN index's pending list) and ANALYZE. Logs the time of each step.
 */
async function writeRows(db, rows) {
  let started = performance.now();
  await db.query('BEGIN');
  for (const table of ['cards', 'chats', 'messages', 'tasks', 'files']) {
    const { sql, columns } = tables[table];
    const size = table === 'cards' ? insertChunk.cards : insertChunk.other;
    const all = rows[table];
    for (let start = 0; start < all.length; start += size) {
      const chunk = all.slice(start, start + size);
      const values = columns.map((column) => {
        const [key, convert] = Array.isArray(column) ? column : [column, (value) => value];
        return chunk.map((row) => convert(row[key]));
      });
      await db.query(sql, [rows.projectId, ...values]);
    }
  }
  await db.query('COMMIT');
  const insertMs = performance.now() - started;
  started = performance.now();
  await db.query('BEGIN');
  for (const [table, writer] of indexWriters) {
    const ids = rows[table].map((row) => row.id);
    for (let start = 0; start < ids.length; start += indexChunk) {
      await db.query(`SELECT ${writer}($1::uuid[])`, [ids.slice(start, start + indexChunk)]);
    }
  }
  await db.query('COMMIT');
  const indexMs = performance.now() - started;
  started = performance.now();
  await db.query('VACUUM (ANALYZE) cards, chats, messages, tasks, files, search_entries');
  const vacuumMs = performance.now() - started;
  const entries = Number((await db.query('SELECT count(*)::int AS n FROM search_entries')).rows[0].n);
  if (entries !== entryCount) throw new Error(`search_entries holds ${entries} rows, expected ${entryCount}`);
  console.log(
    `  inserted the rows in ${formatMs(insertMs)}, wrote ${entries.toLocaleString('en')} index entries in ` +
      `${formatMs(indexMs)}, VACUUM (ANALYZE) in ${formatMs(vacuumMs)}`,
  );
}

const wordsIn = (text) => text.toLowerCase().match(/[a-z]+/g) ?? [];

/**
 * The queries, in a fixed order: { kind, q, nextPage? } (nextPage: the next page is asked for right after).
 * Words come from the rows themselves (a person searches for what they remember) or from the vocabulary at a
 * rank drawn evenly on a log scale (as many common words as rare ones); the last word is cut to its first 3–5
 * letters most of the time, as it is while being typed.
 */
function queryMix(rows, seed, { oneWords = 60, twoWords = 50, threeWords = 40, phrases = 20, perFilter = 7 }) {
  const random = seeded(seed);
  const { words } = rows.vocab;
  const anyWord = () => words[Math.min(words.length - 1, Math.floor(Math.exp(random() * Math.log(words.length))))];
  const typed = (word) => (random() < 0.3 ? word : word.slice(0, between(random, 3, 5)));
  const firstName = () => pick(random, people.slice(1)).split(' ')[0].toLowerCase();
  /** `count` words of one message or task title, in their order. */
  const wordsTogether = (count) => {
    const source = random() < 0.75 ? pick(random, rows.messages).text : pick(random, rows.tasks).title;
    const all = wordsIn(source);
    const start = Math.floor(random() * (all.length - count + 1));
    // Not always neighbours: a word skipped now and then.
    const chosen = [];
    for (let i = start; i < all.length && chosen.length < count; i += 1) {
      if (chosen.length === 0 || random() < 0.7 || all.length - i <= count - chosen.length) chosen.push(all[i]);
    }
    return chosen;
  };
  const phrase = () => {
    const all = wordsIn(random() < 0.5 ? pick(random, rows.messages).text : pick(random, rows.cards).body);
    const i = Math.floor(random() * (all.length - 1));
    return `"${all[i]} ${all[i + 1]}"`;
  };
  const filterQueries = [
    () => 'assignee:me is:open due:week',
    () => 'assignee:me is:open',
    () => `due:overdue assignee:${firstName()}`,
    () => `type:message from:${firstName()} ${typed(anyWord())}`,
    () => `type:task label:${pick(random, labels)} ${typed(anyWord())}`,
    () => `in:"${projectName}" ${typed(anyWord())}`,
    () => `type:file ${typed(anyWord())}`,
    () => `status:"In progress" assignee:${firstName()}`,
    () => `from:${firstName()} ${typed(anyWord())}`,
    () => `type:card ${typed(anyWord())}`,
    () => `is:done label:${pick(random, labels)}`,
    // Filters alone: the newest first.
    () => `from:${firstName()}`,
    () => 'type:file',
  ];
  const mix = [];
  for (let i = 0; i < oneWords; i += 1) mix.push({ kind: 'one word', q: typed(anyWord()), nextPage: i % 8 === 0 });
  for (let i = 0; i < twoWords; i += 1) {
    const [a, b] = wordsTogether(2);
    mix.push({ kind: 'two words', q: `${a} ${typed(b)}` });
  }
  for (let i = 0; i < threeWords; i += 1) {
    const [a, b, c] = wordsTogether(3);
    mix.push({ kind: 'three words', q: `${a} ${b} ${typed(c)}` });
  }
  for (let i = 0; i < phrases; i += 1) mix.push({ kind: 'phrase', q: phrase() });
  for (let round = 0; round < perFilter; round += 1) {
    for (const make of filterQueries) mix.push({ kind: 'filters', q: make() });
  }
  for (let i = mix.length - 1; i > 0; i -= 1) {
    const j = Math.floor(random() * (i + 1));
    [mix[i], mix[j]] = [mix[j], mix[i]];
  }
  return mix;
}

/** One GET, timed as timeGets times it (latency-stats.mjs), with the page read afterwards. @throws on any but 200 */
async function timedSearch(baseUrl, token, params) {
  const url = `${baseUrl}/api/search?${new URLSearchParams({ limit: '20', tz: 'UTC', ...params })}`;
  const started = performance.now();
  const res = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
  const body = await res.arrayBuffer();
  const ms = performance.now() - started;
  const text = Buffer.from(body).toString('utf8');
  if (res.status !== 200) throw new Error(`GET ${url} answered ${res.status}: ${text.slice(0, 300)}`);
  return { ms, page: JSON.parse(text) };
}

/** Runs the mix one request at a time; resolves to [{ kind, q, ms, found }]. */
async function runMix(baseUrl, token, mix) {
  const timings = [];
  for (const { kind, q, nextPage } of mix) {
    const first = await timedSearch(baseUrl, token, { q });
    timings.push({ kind, q, ms: first.ms, found: first.page.items.length });
    if (nextPage && first.page.next_cursor) {
      const next = await timedSearch(baseUrl, token, { q, cursor: first.page.next_cursor });
      timings.push({ kind: 'next page', q, ms: next.ms, found: next.page.items.length });
    }
  }
  return timings;
}

const kindOrder = ['one word', 'two words', 'three words', 'phrase', 'filters', 'next page'];

/** A line per kind in the log: the figures, and how many of its queries found something. */
function logKinds(timings) {
  for (const kind of kindOrder) {
    const of = timings.filter((t) => t.kind === kind);
    if (of.length === 0) continue;
    const { p50, p99, max } = summarize(of.map((t) => t.ms));
    const found = of.filter((t) => t.found > 0).length;
    console.log(
      `  ${kind}: ${of.length} queries, p50 ${formatMs(p50)}, p99 ${formatMs(p99)}, max ${formatMs(max)}; ` +
        `${found} found something`,
    );
  }
  const slowest = [...timings].sort((a, b) => b.ms - a.ms).slice(0, 5);
  console.log(`  slowest: ${slowest.map((t) => `${formatMs(t.ms)} ${JSON.stringify(t.q)} (${t.kind})`).join('; ')}`);
}

/** A mix whose queries find nothing measures nothing: the rows or the index went wrong. @throws then */
function checkFound(timings) {
  for (const kind of kindOrder) {
    const of = timings.filter((t) => t.kind === kind);
    if (of.length > 0 && !of.some((t) => t.found > 0)) throw new Error(`no ${kind} query found anything`);
  }
  const found = timings.filter((t) => t.found > 0).length;
  if (found < timings.length / 2) throw new Error(`only ${found} of ${timings.length} queries found anything`);
}

/** Opens the database to write into: a client of PostgreSQL, or the stopped server's PGlite folder. */
async function openDatabase(databaseUrl, dataDir) {
  if (databaseUrl) {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    return { query: (text, values) => client.query(text, values), close: () => client.end() };
  }
  const db = await PGlite.create({ dataDir, extensions: { btree_gin } });
  return { query: (text, values) => db.query(text, values), close: () => db.close() };
}

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
