import type { ExportQueued } from '@deckhand/contract/transfer';
import { and, eq, inArray } from 'drizzle-orm';
import type { AppDeps } from '../../../app-deps';
import { projectExports } from '../../../db/schema/transfer';
import type { Actor } from '../../../platform/actor';
import { AppError } from '../../../platform/errors';
import { requireMembership } from '../../projects/queries/access';
import { canExportProject } from '../policy';
import { exportJobOptions, exportQueue } from '../service/queues';

/**
 * Queues an export of the project (a job writes the zip). While one is queued or running, asking again answers
 * that one: an export reads the whole project, and a button pressed twice should not do it twice.
 * @throws projects/not-found · exports/forbidden (members and viewers)
 */
export async function requestExport(
  deps: Pick<AppDeps, 'db' | 'jobs'>,
  actor: Actor,
  input: { projectId: string },
): Promise<ExportQueued> {
  const { db } = deps;
  const role = await requireMembership(db, input.projectId, actor.userId);
  if (!canExportProject(role))
    throw new AppError('exports/forbidden', 'Only admins and the owner can export a project');
  const [current] = await db
    .select({ id: projectExports.id })
    .from(projectExports)
    .where(and(eq(projectExports.projectId, input.projectId), inArray(projectExports.status, ['queued', 'running'])))
    .limit(1);
  if (current) return { id: current.id, status: 'queued' };
  const [row] = await db
    .insert(projectExports)
    .values({ projectId: input.projectId, requestedBy: actor.userId })
    .returning({ id: projectExports.id });
  if (!row) throw new Error('insert returned no row');
  try {
    await deps.jobs.send(exportQueue, { export_id: row.id }, new Date(), exportJobOptions);
  } catch (err) {
    await db.delete(projectExports).where(eq(projectExports.id, row.id));
    throw err;
  }
  return { id: row.id, status: 'queued' };
}
