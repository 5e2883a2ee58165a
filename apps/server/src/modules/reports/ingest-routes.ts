import { IngestAccepted, IngestParams, reportLimits } from '@deckhand/contract/reports';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { admitEnvelope, ingestEnvelope } from './commands/ingest-envelope';
import { loadIngestKey } from './intake/key';

const tags = ['reports'];
// The SDK posts to `<DSN path>/api/<project>/envelope/`; some clients drop the trailing slash.
const envelopePaths = ['/ingest/api/:projectId/envelope/', '/ingest/api/:projectId/envelope'];

function firstHeader(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/** The Sentry envelope intake behind the self-hosted DSN (registered at the root, not under /api). */
export const ingestRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const ingestKey = await loadIngestKey(deps.db);

  // Browsers post envelopes as text/plain (no CORS preflight), other SDKs as application/x-sentry-envelope
  // or with no type at all: every body arrives here as raw bytes, whatever it claims to be.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));

  // Like Sentry's own intake, answer any origin: the DSN is public, and a DSN host other than the app's is allowed.
  app.addHook('onRequest', async (_req, reply) => {
    reply.header('Access-Control-Allow-Origin', '*');
    reply.header('Access-Control-Expose-Headers', 'Retry-After, X-Sentry-Rate-Limits');
  });

  for (const url of envelopePaths) {
    app.options(url, { schema: { hide: true } }, async (_req, reply) =>
      reply
        .code(204)
        .header('Access-Control-Allow-Methods', 'POST, OPTIONS')
        .header('Access-Control-Allow-Headers', 'Content-Type, Content-Encoding, X-Sentry-Auth')
        .header('Access-Control-Max-Age', '86400')
        .send(),
    );

    app.post(
      url,
      {
        bodyLimit: reportLimits.envelopeBytes,
        // Before the body is read: a client without the key, or over its limit, does not get to upload 20 MB.
        onRequest: async (req) => {
          const projectId = IngestParams.safeParse(req.params).data?.projectId;
          const authHeader = req.headers['x-sentry-auth'];
          await admitEnvelope(deps, ingestKey, { ip: req.ip, projectId, query: req.query, authHeader });
        },
        schema: { tags, params: IngestParams, hide: url.endsWith('envelope'), response: { 200: IngestAccepted } },
      },
      (req) => ingestEnvelope(deps, req.body, firstHeader(req.headers['content-encoding'])),
    );
  }
};
