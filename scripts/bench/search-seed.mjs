// Section 14's writing (search.mjs): the generated rows straight into the tables, then their index entries
// through the search area's own SQL functions (migration 0016), as its subscribers would write them.
import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import pg from 'pg';
import { formatMs } from './report.mjs';
import { entryCount } from './search-rows.mjs';

const iso = (ms) => (ms === null || ms === undefined ? null : new Date(ms).toISOString());

/** Rows per INSERT: a statement of a few megabytes at most. */
const insertChunk = { cards: 500, other: 2500 };
/** Ids per call of an index writer, so that no statement is huge. */
const indexChunk = 5000;

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
export async function writeRows(db, rows) {
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

/** Opens the database to write into: a client of PostgreSQL, or the stopped server's PGlite folder. */
export async function openDatabase(databaseUrl, dataDir) {
  if (databaseUrl) {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    return { query: (text, values) => client.query(text, values), close: () => client.end() };
  }
  const db = await PGlite.create({ dataDir, extensions: { btree_gin } });
  return { query: (text, values) => db.query(text, values), close: () => db.close() };
}
