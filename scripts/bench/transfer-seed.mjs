// Section 15's project (transfer.mjs): cards with real Yjs bodies, a General chat each, tasks over the project's
// statuses, messages, and files of random bytes. Written straight into the database (PGlite while the server is
// stopped, or PostgreSQL) and into the server's storage folder, DATA_DIR/files/uploads/{id}, as search-seed.mjs
// does for section 14: made through the API, they would take far longer than what is measured.
import { randomFill } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { v7 as uuidv7 } from 'uuid';
import * as Y from 'yjs';
import { formatMs } from './report.mjs';
import { between, pick, seeded, vocabulary } from './search-rows.mjs';
import { openDatabase } from './search-seed.mjs';

/** The project: 5,000 cards, 20,000 tasks, 50,000 messages and 1 GiB of files (64 of 16 MiB). */
const fullCounts = { cards: 5000, tasks: 20_000, messages: 50_000, files: 64 };
export const fileBytes = 16 * 1024 * 1024;
const bodyChars = 300;
const dayMs = 24 * 60 * 60 * 1000;
/** What random bytes are made and written a piece at a time: a file is never whole in memory. */
const writeChunkBytes = 1024 * 1024;
const randomFillAsync = promisify(randomFill);

/** The counts at `scale` (1: the issue's; 0.1 for a quick check), files keeping their size. */
export function seedCounts(scale) {
  const scaled = (n) => Math.max(1, Math.round(n * scale));
  return {
    cards: scaled(fullCounts.cards),
    tasks: scaled(fullCounts.tasks),
    messages: scaled(fullCounts.messages),
    files: scaled(fullCounts.files),
  };
}

/** A body as the editor stores it: the fragment 'default' holding one paragraph of `text`. */
function bodyState(text) {
  const doc = new Y.Doc();
  const paragraph = new Y.XmlElement('paragraph');
  const content = new Y.XmlText();
  paragraph.insert(0, [content]);
  doc.getXmlFragment('default').insert(0, [paragraph]);
  content.insert(0, text);
  const state = Y.encodeStateAsUpdate(doc);
  doc.destroy();
  return Buffer.from(state).toString('hex');
}

/**
 * An order key (modules/tasks/service/order-keys.ts) with head 'c' and three base-62 digits: the n-th key of a
 * status, in order, for up to 238,328 tasks.
 */
function positionKey(n) {
  const digits = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
  return `c${digits[Math.floor(n / 3844) % 62]}${digits[Math.floor(n / 62) % 62]}${digits[n % 62]}`;
}

const sentence = (random, vocab, low, high) => {
  const words = Array.from({ length: between(random, low, high) }, () => vocab.draw(random)).join(' ');
  return `${words.charAt(0).toUpperCase()}${words.slice(1)}.`;
};

/** The project's rows, in memory, from a fixed seed. `members` are [{ userId, name }], the owner first. */
export function generateTransferRows({ projectId, statuses, members, counts, now }) {
  const random = seeded(26);
  const vocab = vocabulary(random);
  const person = () => members[random() < 0.5 ? 0 : between(random, 0, members.length - 1)];
  const cards = [];
  const chats = [];
  for (let i = 0; i < counts.cards; i += 1) {
    const createdAt = now - random() * 365 * dayMs;
    const by = person();
    let text = '';
    while (text.length < bodyChars) text += `${sentence(random, vocab, 6, 14)} `;
    text = text.slice(0, bodyChars).trim();
    const id = uuidv7({ msecs: Math.floor(createdAt) });
    cards.push({
      id,
      title: sentence(random, vocab, 2, 5).slice(0, -1),
      bodyState: bodyState(text),
      bodyText: text,
      createdBy: by.userId,
      createdByName: by.name,
      createdAt,
      updatedAt: Math.min(now, createdAt + random() * 30 * dayMs),
    });
    chats.push({ id: uuidv7({ msecs: Math.floor(createdAt) }), cardId: id, by, createdAt, lastMessageAt: null });
  }
  const messages = [];
  for (let i = 0; i < counts.messages; i += 1) {
    const chat = pick(random, chats);
    const createdAt = chat.createdAt + random() * (now - chat.createdAt);
    const by = person();
    messages.push({
      id: uuidv7({ msecs: Math.floor(createdAt) }),
      chatId: chat.id,
      cardId: chat.cardId,
      authorId: by.userId,
      authorName: by.name,
      text: sentence(random, vocab, 4, 30),
      createdAt,
      editedAt: random() < 0.05 ? Math.min(now, createdAt + random() * 3_600_000) : null,
    });
    chat.lastMessageAt = Math.max(chat.lastMessageAt ?? 0, createdAt);
  }
  const next = statuses.map(() => 0);
  const tasks = [];
  for (let i = 0; i < counts.tasks; i += 1) {
    const card = pick(random, cards);
    const statusIndex = Math.floor(random() * statuses.length);
    const status = statuses[statusIndex];
    const createdAt = card.createdAt + random() * (now - card.createdAt);
    const updatedAt = Math.min(now, createdAt + random() * 20 * dayMs);
    const assignees = new Set();
    if (random() < 0.6) assignees.add(person().userId);
    const by = person();
    tasks.push({
      id: uuidv7({ msecs: Math.floor(createdAt) }),
      cardId: card.id,
      statusId: status.id,
      title: sentence(random, vocab, 3, 7).slice(0, -1),
      position: positionKey(next[statusIndex]++),
      assignees: [...assignees].join(','),
      dueAt: random() < 0.4 ? now + (random() * 120 - 60) * dayMs : null,
      priority: pick(random, ['none', 'none', 'low', 'medium', 'high', 'urgent']),
      labels: random() < 0.5 ? pick(random, ['bug', 'design', 'backend', 'docs', 'ops']) : '',
      doneAt: status.category === 'done' ? updatedAt : null,
      createdBy: by.userId,
      createdByName: by.name,
      createdAt,
      updatedAt,
    });
  }
  const files = [];
  for (let i = 0; i < counts.files; i += 1) {
    // Half were sent with a message (the message's card is theirs too), half added to a card.
    const message = random() < 0.5 ? pick(random, messages) : null;
    const cardId = message ? message.cardId : pick(random, cards).id;
    const createdAt = message ? message.createdAt : now - random() * 90 * dayMs;
    const by = person();
    const id = uuidv7({ msecs: Math.floor(createdAt) });
    files.push({
      id,
      cardId,
      messageId: message?.id ?? null,
      uploaderId: by.userId,
      uploaderName: by.name,
      name: `${vocab.draw(random)}-${vocab.draw(random)}-${i + 1}.bin`,
      contentType: 'application/octet-stream',
      size: fileBytes,
      storageKey: `uploads/${id}`,
      createdAt,
    });
  }
  return {
    projectId,
    cards,
    chats: chats.map(({ by, ...chat }) => ({ ...chat, createdBy: by.userId, createdByName: by.name })),
    messages,
    tasks,
    files,
  };
}

const iso = (ms) => (ms === null || ms === undefined ? null : new Date(ms).toISOString());

/** One INSERT … SELECT FROM unnest(arrays) per chunk: each column an array parameter, $1 the project. */
const inserts = {
  cards: {
    chunk: 500,
    sql: `INSERT INTO cards (id, project_id, title, body_state, body_text, created_by, created_by_name, created_at,
        updated_at)
      SELECT v.id, $1::uuid, v.title, decode(v.state, 'hex'), v.body, v.created_by, v.created_by_name, v.created_at,
        v.updated_at
      FROM unnest($2::uuid[], $3::text[], $4::text[], $5::text[], $6::uuid[], $7::text[], $8::timestamptz[],
        $9::timestamptz[]) AS v(id, title, state, body, created_by, created_by_name, created_at, updated_at)`,
    columns: ['id', 'title', 'bodyState', 'bodyText', 'createdBy', 'createdByName', 'createdAt', 'updatedAt'],
  },
  chats: {
    chunk: 2500,
    sql: `INSERT INTO chats (id, card_id, project_id, name, created_by, created_by_name, created_at, last_message_at)
      SELECT v.id, v.card_id, $1::uuid, 'General', v.created_by, v.created_by_name, v.created_at, v.last_message_at
      FROM unnest($2::uuid[], $3::uuid[], $4::uuid[], $5::text[], $6::timestamptz[], $7::timestamptz[])
        AS v(id, card_id, created_by, created_by_name, created_at, last_message_at)`,
    columns: ['id', 'cardId', 'createdBy', 'createdByName', 'createdAt', 'lastMessageAt'],
  },
  messages: {
    chunk: 2500,
    sql: `INSERT INTO messages (id, chat_id, card_id, project_id, author_id, author_name, text, created_at, edited_at)
      SELECT v.id, v.chat_id, v.card_id, $1::uuid, v.author_id, v.author_name, v.text, v.created_at, v.edited_at
      FROM unnest($2::uuid[], $3::uuid[], $4::uuid[], $5::uuid[], $6::text[], $7::text[], $8::timestamptz[],
        $9::timestamptz[]) AS v(id, chat_id, card_id, author_id, author_name, text, created_at, edited_at)`,
    columns: ['id', 'chatId', 'cardId', 'authorId', 'authorName', 'text', 'createdAt', 'editedAt'],
  },
  tasks: {
    chunk: 2500,
    sql: `INSERT INTO tasks (id, project_id, card_id, status_id, title, position, assignee_ids, due_at, priority,
        labels, done_at, created_by, created_by_name, created_at, updated_at)
      SELECT v.id, $1::uuid, v.card_id, v.status_id, v.title, v.position,
        coalesce(string_to_array(nullif(v.assignees, ''), ',')::uuid[], '{}'), v.due_at, v.priority,
        coalesce(string_to_array(nullif(v.labels, ''), ','), '{}'), v.done_at, v.created_by, v.created_by_name,
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
      'dueAt',
      'priority',
      'labels',
      'doneAt',
      'createdBy',
      'createdByName',
      'createdAt',
      'updatedAt',
    ],
  },
  files: {
    chunk: 2500,
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
      'createdAt',
    ],
  },
};

const timeColumns = new Set(['createdAt', 'updatedAt', 'lastMessageAt', 'editedAt', 'dueAt', 'doneAt']);

async function insertRows(db, rows) {
  await db.query('BEGIN');
  for (const [table, { chunk, sql, columns }] of Object.entries(inserts)) {
    const all = rows[table];
    for (let start = 0; start < all.length; start += chunk) {
      const slice = all.slice(start, start + chunk);
      const values = columns.map((column) =>
        slice.map((row) => (timeColumns.has(column) ? iso(row[column]) : row[column])),
      );
      await db.query(sql, [rows.projectId, ...values]);
    }
  }
  await db.query('COMMIT');
  // What autovacuum (or PGlite's upkeep) would do soon after so many inserts, so that it does not run meanwhile.
  await db.query('VACUUM (ANALYZE) cards, chats, messages, tasks, files');
}

/** Each file's bytes, random (nothing compresses them), a chunk at a time into DATA_DIR/files/{storage key}. */
async function writeFileBytes(dataDir, files) {
  const chunk = Buffer.alloc(writeChunkBytes);
  for (const file of files) {
    const target = path.join(dataDir, 'files', ...file.storageKey.split('/'));
    await fs.mkdir(path.dirname(target), { recursive: true });
    const handle = await fs.open(target, 'wx');
    try {
      for (let written = 0; written < file.size; written += chunk.length) {
        await randomFillAsync(chunk);
        await handle.write(chunk, 0, Math.min(chunk.length, file.size - written));
      }
    } finally {
      await handle.close();
    }
  }
}

/**
 * Writes the rows into the database (the server's PGlite folder `dataDir/db` when databaseUrl is unset: the
 * server must be stopped) and the files' bytes into its storage folder; logs the time of each.
 */
export async function writeTransferRows({ databaseUrl, dataDir }, rows) {
  let started = performance.now();
  const db = await openDatabase(databaseUrl, path.join(dataDir, 'db'));
  try {
    await insertRows(db, rows);
  } finally {
    await db.close();
  }
  const insertMs = performance.now() - started;
  started = performance.now();
  await writeFileBytes(dataDir, rows.files);
  const bytes = rows.files.reduce((sum, file) => sum + file.size, 0);
  console.log(
    `  inserted the rows (and VACUUM ANALYZE) in ${formatMs(insertMs)}; wrote ${(bytes / 2 ** 20).toFixed(0)} MiB ` +
      `of files in ${formatMs(performance.now() - started)}`,
  );
}
