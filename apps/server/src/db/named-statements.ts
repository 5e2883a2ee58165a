import type { Query, SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Db } from './client';

/** Raw SQL has no column casing to apply: any dialect turns it into the same text and parameters. */
const dialect = new PgDialect();

/** A raw statement made into text once; its values are `sql.placeholder(name)`s, given at each run. */
export interface NamedStatement {
  name: string;
  query: Query;
}

/**
 * For a raw statement run often: building it with drizzle at each run costs the server more than running it, and
 * a large statement's plan can cost PostgreSQL more than running it. `name` must be unique to this text.
 */
export function namedStatement(name: string, query: SQL): NamedStatement {
  return { name, query: dialect.sqlToQuery(query) };
}

/**
 * Runs the statement on `db` (the database or a transaction) under its name: PostgreSQL parses and plans it once
 * per connection. @returns the driver's result, as `db.execute` gives it
 */
export function runNamed(db: Db, statement: NamedStatement, values: Record<string, unknown>): Promise<unknown> {
  return db._.session.prepareQuery(statement.query, undefined, statement.name, false).execute(values);
}
