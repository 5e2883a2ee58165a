import type { SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from './client';
import { namedStatement, runNamed } from './named-statements';

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

/** A statement of selectRows's kind, made once and run under a name (see named-statements.ts). */
export interface PreparedRows<T> {
  execute(db: Db, values: Record<string, unknown>): Promise<T[]>;
}

/** selectRows for a statement run often: its values are `sql.placeholder(name)`s, given at each run. */
export function prepareRows<T extends z.ZodType>(name: string, row: T, query: SQL): PreparedRows<z.infer<T>> {
  const statement = namedStatement(name, query);
  return {
    async execute(db, values) {
      return rowsOf(row, await runNamed(db, statement, values));
    },
  };
}
