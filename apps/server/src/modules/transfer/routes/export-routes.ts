import { ProjectParams } from '@deckhand/contract/projects';
import { ExportList, ExportParams, ExportQueued, ProjectExport, SignedExportQuery } from '@deckhand/contract/transfer';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../../platform/auth-guard';
import { AppError } from '../../../platform/errors';
import { requestExport } from '../commands/request-export';
import { getExport, listExports, readExportDownload } from '../queries/exports';
import { exportLinks } from '../service/export-links';

const tags = ['transfer'];

/** Exports of a project: asked for, followed, listed. */
export const exportRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  app.addHook('onRequest', app.authenticate);

  app.post(
    '/projects/:projectId/exports',
    { schema: { tags, params: ProjectParams, response: { 202: ExportQueued } } },
    async (req, reply) => reply.code(202).send(await requestExport(deps, actorOf(req), req.params)),
  );

  app.get(
    '/projects/:projectId/exports',
    { schema: { tags, params: ProjectParams, response: { 200: ExportList } } },
    (req) => listExports(deps, actorOf(req), req.params.projectId),
  );

  app.get('/exports/:exportId', { schema: { tags, params: ExportParams, response: { 200: ProjectExport } } }, (req) =>
    getExport(deps, actorOf(req), req.params.exportId),
  );
};

/** "roadmap-2026-11-25.zip": letters and digits of the project's name, and the day it was exported. */
function zipName(projectName: string, createdAt: Date): string {
  const slug = projectName
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .toLowerCase()
    .slice(0, 60);
  return `${slug || 'project'}-${createdAt.toISOString().slice(0, 10)}.zip`;
}

/** The zip itself, through the signed link `url` carries: it works without the Authorization header. */
export const exportDownloadRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  app.get(
    '/exports/:exportId/content',
    { schema: { tags, params: ExportParams, querystring: SignedExportQuery }, compress: false },
    async (req, reply) => {
      const { exportId } = req.params;
      (await exportLinks(deps.db, deps.config.publicUrl)).verify(exportId, req.query.expires, req.query.signature);
      const download = await readExportDownload(deps, exportId);
      const object = await deps.storage.get(download.storageKey);
      if (!object) throw new AppError('exports/not-found', 'No such export');
      return reply
        .header('Content-Type', 'application/zip')
        .header('Content-Disposition', `attachment; filename="${zipName(download.projectName, download.createdAt)}"`)
        .header('Content-Length', String(object.size))
        .header('X-Content-Type-Options', 'nosniff')
        .header('Cache-Control', 'private, no-store')
        .send(object.body);
    },
  );
};
