import { type SQL, sql } from 'drizzle-orm';
import type { Db } from './client';
import { type NamedStatement, namedStatement, runNamed } from './named-statements';

/** A column of a bulk insert: its values, one per row, and the PostgreSQL type they are cast to. */
export interface BulkColumn {
  name: string;
  type: 'uuid' | 'text' | 'timestamptz' | 'integer' | 'bigint' | 'real' | 'bytea' | 'jsonb' | 'uuid[]' | 'text[]';
  values: readonly unknown[];
}

function element(type: BulkColumn['type'], value: unknown): unknown {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return value.toISOString();
  if (type === 'jsonb' || type === 'uuid[]' || type === 'text[]') return JSON.stringify(value);
  if (type === 'bytea') return `\\x${Buffer.from(value as Uint8Array).toString('hex')}`;
  return value;
}

/** The statement of each shape of insert seen (table, columns, conflict handling). */
const statements = new Map<string, NamedStatement>();

/**
 * The statement for inserts of this shape, made into text once: it is the same for every batch of the same columns
 * (only the arrays change), so the activity history's writes, a few a second, neither build it again nor have
 * PostgreSQL plan it again.
 */
function statementOf(table: string, columns: BulkColumn[], options: { onConflictDoNothing?: boolean }) {
  const key = JSON.stringify([table, columns.map((column) => [column.name, column.type]), options.onConflictDoNothing]);
  let statement = statements.get(key);
  if (!statement) {
    statement = namedStatement(`unnest_${statements.size}`, insertSql(table, columns, options));
    statements.set(key, statement);
  }
  return statement;
}

function insertSql(table: string, columns: BulkColumn[], options: { onConflictDoNothing?: boolean }): SQL {
  const names = columns.map((column) => sql.identifier(column.name));
  const sources = columns.map((column, i) => {
    const carrier =
      column.type === 'integer' || column.type === 'bigint' || column.type === 'real' ? column.type : 'text';
    return sql`${sql.placeholder(`c${i}`)}::${sql.raw(carrier)}[]`;
  });
  const selected: SQL[] = columns.map((column, i) => {
    const source = sql.raw(`c${i}`);
    switch (column.type) {
      case 'uuid[]':
        return sql`array(select jsonb_array_elements_text(${source}::jsonb))::uuid[]`;
      case 'text[]':
        return sql`array(select jsonb_array_elements_text(${source}::jsonb))`;
      case 'integer':
      case 'bigint':
      case 'real':
      case 'text':
        return sql`${source}`;
      default:
        return sql`${source}::${sql.raw(column.type)}`;
    }
  });
  const aliases = sql.raw(columns.map((_, i) => `c${i}`).join(', '));
  return sql`insert into ${sql.identifier(table)} (${sql.join(names, sql`, `)}) select ${sql.join(selected, sql`, `)} from unnest(${sql.join(sources, sql`, `)}) as u(${aliases})${options.onConflictDoNothing ? sql` on conflict do nothing` : sql``}`;
}

/**
 * One INSERT of many rows as one array per column, unnested by PostgreSQL: a statement of as many parameters as
 * columns, whatever the number of rows. The query builder's `values(rows)` makes a parameter of every cell and
 * checks each, which cost an import of 75,000 rows more CPU than the database spent writing them. Arrays and
 * JSON travel as JSON text (unnest would flatten an array of arrays); everything else as text, cast here.
 */
export async function insertUnnested(
  db: Db,
  table: string,
  columns: BulkColumn[],
  options: { onConflictDoNothing?: boolean } = {},
): Promise<void> {
  const rows = columns[0]?.values.length ?? 0;
  if (rows === 0) return;
  const statement = statementOf(table, columns, options);
  const values = Object.fromEntries(
    columns.map((column, i) => [`c${i}`, column.values.map((value) => element(column.type, value))]),
  );
  await runNamed(db, statement, values);
}
