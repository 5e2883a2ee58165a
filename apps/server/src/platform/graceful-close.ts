import type { FastifyInstance } from 'fastify';

/**
 * Once closing starts, answers to in-flight requests carry `Connection: close`, so keep-alive
 * clients hang up and the server can finish closing instead of waiting for their idle sockets.
 */
export function registerGracefulClose(app: FastifyInstance): void {
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', async (_req, reply, payload) => {
    if (closing) reply.header('Connection', 'close');
    return payload;
  });
}
