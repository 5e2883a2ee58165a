import type { AppDeps } from '../../app-deps';
import { pruneTransfers } from './service/prune';
import { exportQueue, importQueue } from './service/queues';

/** The first prune waits until start-up is well over; then one an hour keeps each small. */
const firstPruneDelayMs = 60_000;
const pruneEveryMs = 60 * 60 * 1000;

function idOf(data: unknown, field: 'export_id' | 'import_id'): string | undefined {
  if (typeof data !== 'object' || data === null) return undefined;
  const value = (data as Record<string, unknown>)[field];
  return typeof value === 'string' ? value : undefined;
}

/**
 * Runs exports and imports as jobs (any instance takes them), and removes those older than 7 days.
 * @returns stop, for shutdown
 */
export async function startTransferWorkers(deps: AppDeps): Promise<() => Promise<void>> {
  // The export and the import are loaded with the first job: their zip and Markdown code (yazl, yauzl, tiptap) is
  // ~10 MiB of memory that an instance otherwise held from its start, most of them never exporting anything.
  await deps.jobs.work(exportQueue, async (data) => {
    const id = idOf(data, 'export_id');
    if (!id) return;
    const { runExport } = await import('./export/run-export');
    await runExport(deps, id);
  });
  await deps.jobs.work(importQueue, async (data) => {
    const id = idOf(data, 'import_id');
    if (!id) return;
    const { runImport } = await import('./import/run-import');
    await runImport(deps, id);
  });
  let running: Promise<void> | null = null;
  const prune = () => {
    running ??= pruneTransfers(deps.db, deps.storage)
      .then((counts) => {
        if (Object.values(counts).some((count) => count > 0))
          deps.log.info({ counts }, 'old exports and imports removed');
      })
      .catch((err: unknown) => deps.log.warn({ err }, 'removing old exports failed; the next run tries again'))
      .finally(() => {
        running = null;
      });
  };
  const first = setTimeout(prune, firstPruneDelayMs);
  const every = setInterval(prune, pruneEveryMs);
  first.unref();
  every.unref();
  return async () => {
    clearTimeout(first);
    clearInterval(every);
    await running;
  };
}
