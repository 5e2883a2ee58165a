import {
  AttachmentParams,
  ErrorGroup,
  ErrorGroupListQuery,
  Feedback,
  FeedbackListQuery,
  Replay,
  ReplayParams,
} from '@deckhand/contract/reports';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { readAttachment } from './service/attachments';
import { listErrorGroups } from './service/error-groups';
import { listFeedback } from './service/feedback';
import { getReplay, readReplayEvents } from './service/replays';

const tags = ['reports'];

/** What the intake received, for instance admins (404 for everyone else, 401 without a token). */
export const reportRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  app.addHook('onRequest', app.authenticate);

  app.get(
    '/admin/reports/errors',
    { schema: { tags, querystring: ErrorGroupListQuery, response: { 200: z.array(ErrorGroup) } } },
    (req) => listErrorGroups(deps, req.actor, req.query),
  );

  app.get(
    '/admin/reports/feedback',
    { schema: { tags, querystring: FeedbackListQuery, response: { 200: z.array(Feedback) } } },
    (req) => listFeedback(deps, req.actor, req.query),
  );

  // Raw bytes: a screenshot inline as image/png, anything else as a download; never sniffed.
  app.get(
    '/admin/reports/attachments/:attachmentId',
    { schema: { tags, params: AttachmentParams } },
    async (req, reply) => {
      const file = await readAttachment(deps, req.actor, req.params.attachmentId);
      return reply
        .type(file.contentType)
        .header('Content-Disposition', file.contentDisposition)
        .header('X-Content-Type-Options', 'nosniff')
        .header('Cache-Control', 'private, max-age=3600')
        .send(file.data);
    },
  );

  app.get(
    '/admin/reports/replays/:replayId',
    { schema: { tags, params: ReplayParams, response: { 200: Replay } } },
    (req) => getReplay(deps, req.actor, req.params.replayId),
  );

  // One JSON array of rrweb events, built from stored text: re-serialising megabytes through a schema buys nothing.
  app.get('/admin/reports/replays/:replayId/events', { schema: { tags, params: ReplayParams } }, async (req, reply) => {
    const events = await readReplayEvents(deps, req.actor, req.params.replayId);
    return reply.type('application/json; charset=utf-8').header('Cache-Control', 'private, no-cache').send(events);
  });
};
