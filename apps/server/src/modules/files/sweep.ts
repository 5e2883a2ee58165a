import { inArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { files } from '../../db/schema/files';
import type { ObjectStorage } from '../../platform/storage/storage';
import { thumbnailPrefix, uploadPrefix } from './service/upload';

/** An object younger than this may belong to an upload still under way: its row is written after its bytes. */
const graceMs = 60 * 60 * 1000;
const firstRunDelayMs = 90_000;
const runEveryMs = 6 * 60 * 60 * 1000;
const batchSize = 500;

export interface FileSweepDeps {
  db: Db;
  storage: ObjectStorage;
  log: FastifyBaseLogger;
}

/**
 * Removes stored objects that no file row names: left by a project's deletion (its rows cascade), a crash between
 * storing and recording an upload, or a failed removal. Idempotent, so several instances may sweep at once.
 * @returns how many objects were removed
 */
export async function sweepFiles(deps: FileSweepDeps, now = new Date()): Promise<number> {
  let removed = 0;
  for (const prefix of [uploadPrefix, thumbnailPrefix]) {
    let batch: { key: string; fileId: string }[] = [];
    const flush = async () => {
      const ids = [...new Set(batch.map((item) => item.fileId))];
      const rows = await deps.db.select({ id: files.id }).from(files).where(inArray(files.id, ids));
      const known = new Set(rows.map((row) => row.id));
      for (const item of batch) {
        if (known.has(item.fileId)) continue;
        await deps.storage.delete(item.key);
        removed += 1;
      }
      batch = [];
    };
    for await (const object of deps.storage.list(prefix)) {
      if (now.getTime() - object.lastModified.getTime() < graceMs) continue;
      const fileId = /^[0-9a-f-]{36}$/.exec(object.key.slice(prefix.length))?.[0];
      if (!fileId) continue;
      batch.push({ key: object.key, fileId });
      if (batch.length >= batchSize) await flush();
    }
    if (batch.length > 0) await flush();
  }
  return removed;
}

/** Sweeps now and then (see sweepFiles). @returns stop, for shutdown */
export function startFileSweep(deps: FileSweepDeps): () => Promise<void> {
  let running: Promise<void> | null = null;
  const run = () => {
    running ??= sweepFiles(deps)
      .then((removed) => {
        if (removed > 0) deps.log.info({ removed }, 'stored files without a row removed');
      })
      .catch((err: unknown) => deps.log.warn({ err }, 'sweeping stored files failed; the next run tries again'))
      .finally(() => {
        running = null;
      });
  };
  const first = setTimeout(run, firstRunDelayMs);
  const every = setInterval(run, runEveryMs);
  first.unref();
  every.unref();
  return async () => {
    clearTimeout(first);
    clearInterval(every);
    await running;
  };
}
