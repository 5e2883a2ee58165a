import { FileList, FileListQuery, FileParams, StoredFile } from '@deckhand/contract/files';
import { ProjectParams } from '@deckhand/contract/projects';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../../platform/auth-guard';
import { AppError } from '../../../platform/errors';
import { closeAfterAnswer } from '../../../platform/lingering-close';
import { deleteFile } from '../commands/delete-file';
import { uploadFile } from '../commands/upload-file';
import { getFile, listFiles } from '../queries/files';

const tags = ['files'];
/** Room for the multipart framing and a card_id field around the file itself. */
const multipartOverheadBytes = 64 * 1024;

/** Upload, list, read and delete files. The bytes themselves are served by download-routes.ts. */
export const fileRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const { db, fileLinks: links } = deps;
  const maxBytes = deps.config.fileMaxBytes;
  await app.register(fastifyMultipart, {
    // One byte over the limit reaches the upload's own meter, which answers 413 and keeps nothing; busboy's
    // truncation would otherwise end the file quietly at the limit.
    limits: { fileSize: maxBytes + 1, files: 1, fields: 10, parts: 12, fieldSize: 1024, headerPairs: 100 },
  });
  app.addHook('onRequest', app.authenticate);

  app.post(
    '/projects/:projectId/files',
    {
      schema: {
        tags,
        params: ProjectParams,
        consumes: ['multipart/form-data'],
        response: { 201: StoredFile },
        description: 'multipart/form-data with one part `file` and an optional field `card_id`.',
      },
    },
    async (req, reply) => {
      const actor = actorOf(req);
      if (!req.isMultipart()) {
        throw new AppError('request/unsupported-media-type', 'Send the file as multipart/form-data');
      }
      const declared = Number(req.headers['content-length'] ?? 0);
      let file: StoredFile;
      try {
        file = await uploadFile(deps, actor, {
          projectId: req.params.projectId,
          parts: req.parts(),
          tooLarge: declared > maxBytes + multipartOverheadBytes,
        });
      } catch (err) {
        // The client may still be sending the rest: closing the connection after the answer stops it.
        if (err instanceof AppError && err.code === 'files/too-large') closeAfterAnswer(reply);
        throw err;
      }
      return reply.code(201).send(file);
    },
  );

  app.get(
    '/projects/:projectId/files',
    { schema: { tags, params: ProjectParams, querystring: FileListQuery, response: { 200: FileList } } },
    (req) => listFiles(db, links, actorOf(req).userId, req.params.projectId, req.query),
  );

  app.get('/files/:fileId', { schema: { tags, params: FileParams, response: { 200: StoredFile } } }, (req) =>
    getFile(db, links, actorOf(req).userId, req.params.fileId),
  );

  app.delete(
    '/files/:fileId',
    { schema: { tags, params: FileParams, response: { 204: z.null() } } },
    async (req, reply) => {
      await deleteFile(deps, actorOf(req), { fileId: req.params.fileId });
      return reply.code(204).send(null);
    },
  );
};
