import { ImportList, ImportParams, ImportQueued, ProjectImport } from '@deckhand/contract/transfer';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../../platform/auth-guard';
import { AppError } from '../../../platform/errors';
import { closeAfterAnswer } from '../../../platform/lingering-close';
import { startImport } from '../commands/start-import';
import { getImport, listImports } from '../queries/imports';

const tags = ['transfer'];
/** Room for the multipart framing and a name field around the file itself. */
const multipartOverheadBytes = 64 * 1024;

/** Imports into new projects: a file sent, then followed. */
export const importRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const maxBytes = deps.config.importMaxBytes;
  await app.register(fastifyMultipart, {
    // One byte over reaches the import's own meter, which answers 413 and keeps nothing.
    limits: { fileSize: maxBytes + 1, files: 1, fields: 5, parts: 6, fieldSize: 1024, headerPairs: 100 },
  });
  app.addHook('onRequest', app.authenticate);

  app.post(
    '/imports',
    {
      schema: {
        tags,
        consumes: ['multipart/form-data'],
        response: { 202: ImportQueued },
        description:
          'multipart/form-data with one part `file` (a Deckhand export .zip or a Trello board export .json) and an optional field `name`.',
      },
    },
    async (req, reply) => {
      if (!req.isMultipart()) {
        throw new AppError('request/unsupported-media-type', 'Send the file as multipart/form-data');
      }
      const declared = Number(req.headers['content-length'] ?? 0);
      try {
        const queued = await startImport(deps, actorOf(req), {
          parts: req.parts(),
          tooLarge: declared > maxBytes + multipartOverheadBytes,
        });
        return reply.code(202).send(queued);
      } catch (err) {
        // The client may still be sending the rest: closing the connection after the answer stops it.
        if (err instanceof AppError && err.code === 'imports/too-large') closeAfterAnswer(reply);
        throw err;
      }
    },
  );

  app.get('/imports', { schema: { tags, response: { 200: ImportList } } }, (req) => listImports(deps.db, actorOf(req)));

  app.get('/imports/:importId', { schema: { tags, params: ImportParams, response: { 200: ProjectImport } } }, (req) =>
    getImport(deps.db, actorOf(req), req.params.importId),
  );
};
