import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import type { Db } from './client';

/** What both drivers answer a statement with; each row is checked on its own, against the caller's schema. */
const Result = z.object({ rows: z.array(z.unknown()) });

/** The rows of `result`, checked against `row`. Making a schema per call (an array of `row`) cost more than the parse. */
function rowsOf<T extends z.ZodType>(row: T, result: unknown): z.infer<T>[] {
  return Result.parse(result).rows.map((value) => row.parse(value));
}

/**
 * Runs a statement the query builder cannot say (a CTE of one value, a join chosen at run time) and checks its
 * rows against `row`, so that what comes back is what the types say on either driver.
 */
export async function selectRows<T extends z.ZodType>(db: Db, row: T, query: SQL): Promise<z.infer<T>[]> {
  return rowsOf(row, await db.execute(query));
}

/** Raw SQL has no column casing to apply: any dialect turns it into the same text and parameters. */
const dialect = new PgDialect();

/** A statement of selectRows's kind, prepared once: its values are `sql.placeholder(name)`s, given at each run. */
export interface PreparedRows<T> {
  execute(values: Record<string, unknown>): Promise<T[]>;
}

/**
 * selectRows for a statement run often: turned into text once, and planned once by PostgreSQL under `name` (a
 * large statement's plan can cost the database more than running it). Prepare it on the database, not a transaction.
 */
export function prepareRows<T extends z.ZodType>(db: Db, name: string, row: T, query: SQL): PreparedRows<z.infer<T>> {
  const prepared = db._.session.prepareQuery(dialect.sqlToQuery(query), undefined, name, false);
  return {
    async execute(values) {
      return rowsOf(row, await prepared.execute(values));
    },
  };
}
