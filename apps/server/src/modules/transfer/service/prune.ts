import { transferLimits } from '@deckhand/contract/transfer';
import { inArray, lt } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { projectExports, projectImports } from '../../../db/schema/transfer';
import type { ObjectStorage } from '../../../platform/storage/storage';
import { exportPrefix } from './export-dto';
import { importPrefix } from './import-dto';

const dayMs = 24 * 60 * 60 * 1000;
/** An object younger than this may belong to a row being written now. */
const strayAgeMs = 60 * 60 * 1000;

/**
 * Removes exports and imports older than 7 days with their stored objects, then objects under `exports/` and
 * `imports/` that no row names (a project deleted with its exports, a crash between storing and recording).
 * Idempotent: several instances may run it at once.
 */
export async function pruneTransfers(
  db: Db,
  storage: ObjectStorage,
  now = new Date(),
): Promise<{ exports: number; imports: number; strays: number }> {
  const before = new Date(now.getTime() - transferLimits.exportKeptDays * dayMs);
  const oldExports = await db
    .delete(projectExports)
    .where(lt(projectExports.createdAt, before))
    .returning({ key: projectExports.storageKey });
  for (const { key } of oldExports) if (key) await storage.delete(key);
  const oldImports = await db
    .delete(projectImports)
    .where(lt(projectImports.createdAt, before))
    .returning({ key: projectImports.uploadKey });
  for (const { key } of oldImports) if (key) await storage.delete(key);

  let strays = 0;
  for (const [prefix, table, column] of [
    [exportPrefix, projectExports, projectExports.storageKey],
    [importPrefix, projectImports, projectImports.uploadKey],
  ] as const) {
    const old: string[] = [];
    for await (const object of storage.list(prefix)) {
      if (now.getTime() - object.lastModified.getTime() > strayAgeMs) old.push(object.key);
    }
    for (let i = 0; i < old.length; i += 500) {
      const keys = old.slice(i, i + 500);
      const named = new Set(
        (await db.select({ key: column }).from(table).where(inArray(column, keys))).map((row) => row.key),
      );
      for (const key of keys) {
        if (named.has(key)) continue;
        await storage.delete(key);
        strays += 1;
      }
    }
  }
  return { exports: oldExports.length, imports: oldImports.length, strays };
}
