import type { TransferStatus } from '@deckhand/contract/transfer';
import { and, eq, inArray } from 'drizzle-orm';
import type { AppDeps } from '../../../app-deps';
import { projectExports } from '../../../db/schema/transfer';
import { exportKey } from '../service/export-dto';
import { trackProgress } from '../service/progress';
import { countProject } from './project-rows';
import { bytesPerUnit, writeExportZip } from './write-zip';

type ExportDeps = Pick<AppDeps, 'db' | 'storage' | 'live' | 'log'>;

function tell(
  deps: ExportDeps,
  row: { id: string; projectId: string; requestedBy: string },
  status: TransferStatus,
  progress: number,
): void {
  deps.live.publish([row.requestedBy], {
    type: 'export_updated',
    project_id: row.projectId,
    export_id: row.id,
    status,
    progress,
  });
}

/**
 * The export job: claims the export, writes its zip and records the outcome. Run again (an instance died, the
 * job expired), it starts over and replaces the zip. A failure is recorded on the export, with nothing stored.
 */
export async function runExport(deps: ExportDeps, exportId: string): Promise<void> {
  const { db, storage } = deps;
  const [row] = await db
    .update(projectExports)
    .set({ status: 'running', progress: 0, error: null })
    .where(and(eq(projectExports.id, exportId), inArray(projectExports.status, ['queued', 'running'])))
    .returning();
  if (!row) return;
  tell(deps, row, 'running', 0);
  const key = exportKey(row.id);
  const { rows, fileBytes } = await countProject(db, row.projectId);
  const progress = trackProgress(rows + fileBytes / bytesPerUnit, async (value) => {
    await db
      .update(projectExports)
      .set({ progress: value })
      .where(and(eq(projectExports.id, row.id), eq(projectExports.status, 'running')));
    tell(deps, row, 'running', value);
  });
  try {
    const size = await writeExportZip({ db, storage, projectId: row.projectId, key, progress });
    await progress.stop();
    const [done] = await db
      .update(projectExports)
      .set({ status: 'done', progress: 1, size, storageKey: key, finishedAt: new Date() })
      .where(eq(projectExports.id, row.id))
      .returning({ id: projectExports.id });
    // The project was deleted meanwhile (its exports with it): the zip has no row to be found by.
    if (!done) await storage.delete(key);
    else tell(deps, row, 'done', 1);
  } catch (err) {
    await progress.stop();
    deps.log.error({ err, exportId: row.id }, 'export failed');
    await storage.delete(key).catch(() => {});
    await db
      .update(projectExports)
      .set({ status: 'failed', error: 'The export could not be written. Try again.', finishedAt: new Date() })
      .where(eq(projectExports.id, row.id));
    tell(deps, row, 'failed', progress.value);
  }
}
