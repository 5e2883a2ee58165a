import type { TransferStatus } from '@deckhand/contract/transfer';
import { and, eq, inArray } from 'drizzle-orm';
import type { AppDeps } from '../../../app-deps';
import { projectImports } from '../../../db/schema/transfer';
import { AppError } from '../../../platform/errors';
import { uuidv7 } from '../../../platform/ids';
import { getProfile } from '../../profile/queries/profiles';
import { completeImportedProject, discardImportedProject } from '../../projects/commands/import-project';
import { trackProgress } from '../service/progress';
import { openDeckhandSource } from './deckhand-source';
import type { ImportSource } from './import-source';
import { matchPeople } from './people';
import { ImportRefusal } from './refusal';
import { openTrelloSource } from './trello-source';
import { writeImportedProject } from './write-project';

type ImportDeps = Pick<AppDeps, 'db' | 'events' | 'storage' | 'live' | 'log' | 'config'>;

function tell(deps: ImportDeps, row: { id: string; userId: string }, status: TransferStatus, progress: number): void {
  deps.live.publish([row.userId], { type: 'import_updated', import_id: row.id, status, progress });
}

/** What the importer reads when an import fails: the refusal's reason, or that it was our fault. */
function reasonOf(err: unknown): string {
  if (err instanceof ImportRefusal) return err.message;
  if (err instanceof AppError && err.code === 'files/too-large')
    return `A file of the export is too large here: ${err.message}.`;
  return 'The import failed on the server. Nothing was imported; try again later.';
}

/**
 * The import job: reads the upload, writes a new project that no one sees until it is complete, then gives it
 * its members (completeImportedProject). Any failure removes what it had written and records why. Run again after
 * a crash, it first removes the project the lost run left half written.
 */
export async function runImport(deps: ImportDeps, importId: string): Promise<void> {
  const { db, storage } = deps;
  const [row] = await db
    .update(projectImports)
    .set({ status: 'running', progress: 0, error: null })
    .where(and(eq(projectImports.id, importId), inArray(projectImports.status, ['queued', 'running'])))
    .returning();
  if (!row) return;
  if (row.pendingProjectId) await discardImportedProject(deps, row.pendingProjectId);
  tell(deps, row, 'running', 0);
  const projectId = uuidv7();
  let source: ImportSource | undefined;
  let progress: ReturnType<typeof trackProgress> | undefined;
  // Before the import is marked done or failed: a finished import has nothing of its upload left in storage.
  const removeUpload = async () => {
    source?.close();
    source = undefined;
    if (!row.uploadKey) return;
    await storage
      .delete(row.uploadKey)
      .catch((err: unknown) => deps.log.warn({ err, importId: row.id }, 'an import upload could not be removed'));
  };
  try {
    if (!row.uploadKey) throw new Error('the import has no upload');
    const profile = await getProfile(db, row.userId);
    const importer = { userId: row.userId, name: profile.name, email: profile.email };
    source =
      row.kind === 'deckhand'
        ? await openDeckhandSource(storage, row.uploadKey, deps.config.importMaxBytes)
        : await openTrelloSource(storage, row.uploadKey, importer, row.fileName);
    const people = await matchPeople(db, importer, source.members);
    const track = trackProgress(source.units, async (value) => {
      await db
        .update(projectImports)
        .set({ progress: value })
        .where(and(eq(projectImports.id, row.id), eq(projectImports.status, 'running')));
      tell(deps, row, 'running', value);
    });
    progress = track;
    await db.update(projectImports).set({ pendingProjectId: projectId }).where(eq(projectImports.id, row.id));
    const counts = await writeImportedProject(source, {
      db,
      storage,
      fileMaxBytes: deps.config.fileMaxBytes,
      projectId,
      name: row.name,
      importer,
      people,
      progress: track,
    });
    await track.stop();
    await completeImportedProject(
      deps,
      { userId: row.userId },
      { projectId, members: people.members, withHistory: row.kind === 'deckhand' },
    );
    const warnings = [...people.warnings, ...source.warnings];
    await removeUpload();
    await db
      .update(projectImports)
      .set({
        status: 'done',
        progress: 1,
        projectId,
        pendingProjectId: null,
        counts,
        warnings,
        uploadKey: null,
        finishedAt: new Date(),
      })
      .where(eq(projectImports.id, row.id));
    tell(deps, row, 'done', 1);
  } catch (err) {
    await progress?.stop();
    if (!(err instanceof ImportRefusal)) deps.log.error({ err, importId: row.id }, 'import failed');
    await discardImportedProject(deps, projectId).catch((cleanup: unknown) =>
      deps.log.error({ err: cleanup, importId: row.id }, 'a failed import could not be removed'),
    );
    await removeUpload();
    await db
      .update(projectImports)
      .set({ status: 'failed', error: reasonOf(err), pendingProjectId: null, uploadKey: null, finishedAt: new Date() })
      .where(eq(projectImports.id, row.id));
    tell(deps, row, 'failed', progress?.value ?? 0);
  } finally {
    source?.close();
  }
}
