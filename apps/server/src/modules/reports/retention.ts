import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import type { BlobStore } from '../../platform/storage/blobs';
import { pruneReports } from './service/retention';

const dayMs = 24 * 60 * 60 * 1000;
/** The first run waits until start-up is well over; then a few runs a day keep each one small. */
const firstRunDelayMs = 60_000;
const runEveryMs = 6 * 60 * 60 * 1000;

export interface ReportRetentionDeps {
  db: Db;
  files: BlobStore;
  log: FastifyBaseLogger;
  /** 0 keeps everything. */
  retentionDays: number;
}

/**
 * Deletes reports older than REPORTS_RETENTION_DAYS now and then, so an instance's database and DATA_DIR/files
 * do not grow for ever with replays and screenshots. Several instances may run it at once: deleting is idempotent.
 * @returns stop, for shutdown
 */
export function startReportRetention(deps: ReportRetentionDeps): () => Promise<void> {
  if (deps.retentionDays === 0) return async () => {};
  let running: Promise<void> | null = null;
  const run = () => {
    running ??= pruneReports(deps.db, deps.files, new Date(Date.now() - deps.retentionDays * dayMs))
      .then((counts) => {
        if (Object.values(counts).some((count) => count > 0)) deps.log.info({ counts }, 'old reports deleted');
      })
      .catch((err: unknown) => deps.log.warn({ err }, 'deleting old reports failed; the next run tries again'))
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
    // A run in progress finishes before the database closes.
    await running;
  };
}
