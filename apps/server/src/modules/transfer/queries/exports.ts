import type { ExportList, ProjectExport } from '@deckhand/contract/transfer';
import { and, desc, eq } from 'drizzle-orm';
import type { AppDeps } from '../../../app-deps';
import { projects } from '../../../db/schema/projects';
import { projectExports } from '../../../db/schema/transfer';
import type { Actor } from '../../../platform/actor';
import { AppError } from '../../../platform/errors';
import { requireMembership } from '../../projects/queries/access';
import { canExportProject } from '../policy';
import { toProjectExport } from '../service/export-dto';
import { exportLinks } from '../service/export-links';

type ReadDeps = Pick<AppDeps, 'db' | 'config'>;

function notFound(): AppError {
  return new AppError('exports/not-found', 'No such export');
}

/**
 * One export, to whoever may export the project now (its zip holds members' emails): someone demoted since
 * no longer reads it. @throws exports/not-found
 */
export async function getExport(deps: ReadDeps, actor: Actor, exportId: string): Promise<ProjectExport> {
  const [row] = await deps.db.select().from(projectExports).where(eq(projectExports.id, exportId));
  if (!row) throw notFound();
  const role = await requireMembership(deps.db, row.projectId, actor.userId).catch(() => null);
  if (!canExportProject(role)) throw notFound();
  return toProjectExport(row, await exportLinks(deps.db, deps.config.publicUrl));
}

/** The project's kept exports, newest first. @throws projects/not-found · exports/forbidden */
export async function listExports(deps: ReadDeps, actor: Actor, projectId: string): Promise<ExportList> {
  const role = await requireMembership(deps.db, projectId, actor.userId);
  if (!canExportProject(role))
    throw new AppError('exports/forbidden', 'Only admins and the owner can export a project');
  const rows = await deps.db
    .select()
    .from(projectExports)
    .where(eq(projectExports.projectId, projectId))
    .orderBy(desc(projectExports.id))
    .limit(20);
  const links = await exportLinks(deps.db, deps.config.publicUrl);
  return { items: rows.map((row) => toProjectExport(row, links)) };
}

/** What the signed link serves: the zip's key and a name to save it under. @throws exports/not-found */
export async function readExportDownload(
  deps: Pick<AppDeps, 'db'>,
  exportId: string,
): Promise<{ storageKey: string; projectName: string; createdAt: Date }> {
  const [row] = await deps.db
    .select({ storageKey: projectExports.storageKey, projectName: projects.name, createdAt: projectExports.createdAt })
    .from(projectExports)
    .innerJoin(projects, eq(projects.id, projectExports.projectId))
    .where(and(eq(projectExports.id, exportId), eq(projectExports.status, 'done')));
  if (!row?.storageKey) throw notFound();
  return { storageKey: row.storageKey, projectName: row.projectName, createdAt: row.createdAt };
}
