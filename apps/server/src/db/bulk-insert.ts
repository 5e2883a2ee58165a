import { type SQL, sql } from 'drizzle-orm';
import type { Db } from './client';
import { type NamedStatement, namedStatement, runNamed } from './named-statements';

/** A column of a bulk insert: its values, one per row, and the PostgreSQL type they are stored as. */
export interface BulkColumn {
  name: string;
  type: 'uuid' | 'text' | 'timestamptz' | 'integer' | 'bigint' | 'real' | 'bytea' | 'jsonb' | 'uuid[]' | 'text[]';
  values: readonly unknown[];
}

/** A value as JSON can carry it to a column of `type` (dates and numbers as JSON itself writes them). */
function element(type: BulkColumn['type'], value: unknown): unknown {
  if (value === undefined) return null;
  // JSON has no bytes: bytea's hex text form, which json_to_recordset reads as bytea.
  if (type === 'bytea' && value instanceof Uint8Array) {
    return `\\x${Buffer.from(value.buffer, value.byteOffset, value.byteLength).toString('hex')}`;
  }
  return value;
}

/**
 * A lone UTF-16 surrogate as JSON.stringify writes it, `\ud800` (after an even number of backslashes: `\\ud800` is a
 * backslash and "ud800"). PostgreSQL's JSON parser refuses it, where the driver's UTF-8 made it U+FFFD, as it does
 * for every other write: a title that came in with one would cost its history batch, or a whole import.
 */
const loneSurrogateEscape = /(?<!\\)(?:\\\\)*\\ud[89a-f][0-9a-f]{2}/i;
const loneSurrogate = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** The rows as JSON PostgreSQL reads, each lone surrogate written as U+FFFD. */
function rowsJson(rows: readonly Record<string, unknown>[]): string {
  const json = JSON.stringify(rows);
  if (!loneSurrogateEscape.test(json)) return json;
  return JSON.stringify(rows, (_key, value: unknown) =>
    typeof value === 'string' ? value.replace(loneSurrogate, '\ufffd') : value,
  );
}

/** The statement of each shape of insert seen (table, columns, conflict handling). */
const statements = new Map<string, NamedStatement>();

/**
 * The statement for inserts of this shape, made into text once: it is the same for every batch of the same columns
 * (only the rows change), so the activity history's writes, a few a second, neither build it again nor have
 * PostgreSQL plan it again.
 */
function statementOf(table: string, columns: BulkColumn[], options: { onConflictDoNothing?: boolean }) {
  const key = JSON.stringify([table, columns.map((column) => [column.name, column.type]), options.onConflictDoNothing]);
  let statement = statements.get(key);
  if (!statement) {
    statement = namedStatement(`bulk_insert_${statements.size}`, insertSql(table, columns, options));
    statements.set(key, statement);
  }
  return statement;
}

function insertSql(table: string, columns: BulkColumn[], options: { onConflictDoNothing?: boolean }): SQL {
  const names = sql.join(
    columns.map((column) => sql.identifier(column.name)),
    sql`, `,
  );
  // Each row's value of a column is found under the column's index: names need no quoting, and JSON stays short.
  const selected = sql.raw(columns.map((_, i) => `r.c${i}`).join(', '));
  const definitions = sql.raw(columns.map((column, i) => `c${i} ${column.type}`).join(', '));
  return sql`insert into ${sql.identifier(table)} (${names}) select ${selected}
    from json_to_recordset(${sql.placeholder('rows')}::json) as r(${definitions})${options.onConflictDoNothing ? sql` on conflict do nothing` : sql``}`;
}

/**
 * One INSERT of many rows as one JSON parameter, read by PostgreSQL's json_to_recordset: a statement of one
 * parameter whatever the number of rows or columns. The query builder's `values(rows)` makes a parameter of every
 * cell and checks each, which cost an import of 75,000 rows more CPU than the database spent writing them; an
 * array per column (unnest) cost the driver a walk over every element, escaping each quote of each JSON value,
 * about 4 % of a busy board's move. JSON.stringify writes the whole batch at once.
 */
export async function insertBulk(
  db: Db,
  table: string,
  columns: BulkColumn[],
  options: { onConflictDoNothing?: boolean } = {},
): Promise<void> {
  const count = columns[0]?.values.length ?? 0;
  if (count === 0) return;
  const statement = statementOf(table, columns, options);
  const keys = columns.map((_, i) => `c${i}`);
  const rows = new Array<Record<string, unknown>>(count);
  for (let row = 0; row < count; row += 1) {
    const record: Record<string, unknown> = {};
    for (let i = 0; i < columns.length; i += 1) {
      const column = columns[i];
      if (column) record[keys[i] ?? ''] = element(column.type, column.values[row]);
    }
    rows[row] = record;
  }
  await runNamed(db, statement, { rows: rowsJson(rows) });
}
