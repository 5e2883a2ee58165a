import type { SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from './client';

/**
 * Runs a statement the query builder cannot say (a CTE of one value, a join chosen at run time) and checks its
 * rows against `row`, so that what comes back is what the types say on either driver.
 */
export async function selectRows<T extends z.ZodType>(db: Db, row: T, query: SQL): Promise<z.infer<T>[]> {
  return z.object({ rows: z.array(row) }).parse(await db.execute(query)).rows;
}
