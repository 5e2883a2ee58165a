// The receiving end of the webhooks bench: a plain node:http server on 127.0.0.1 in the bench process, so an
// arrival is stamped with the same clock (performance.now()) as the move answers it is compared with. It answers
// 200 with an empty body at once: what is measured is the server's sending, not a receiver's work.
import http from 'node:http';
import { setTimeout as delay } from 'node:timers/promises';

/**
 * Starts the receiver; webhook i is given `urlOf(i)` (one port, a path per webhook, as several webhooks of one
 * project pointing at one service would be). Each request becomes an arrival
 * { hook, deliveryId, type, taskId, statusToId, at }, or a `malformed` entry when its path or body is not one.
 */
export async function startWebhookReceiver() {
  const arrivals = [];
  const malformed = [];
  const server = http.createServer((req, res) => {
    // Stamped when the request's head is read: its small body comes in the same packets.
    const at = performance.now();
    const chunks = [];
    req.on('data', (chunk) => chunks.push(chunk));
    req.on('end', () => {
      res.writeHead(200, { 'content-length': '0' }).end();
      const hook = Number(/^\/hooks\/(\d+)$/.exec(req.url ?? '')?.[1]);
      const deliveryId = req.headers['webhook-id'];
      let payload;
      try {
        payload = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      } catch (err) {
        malformed.push(`${req.url}: body is not JSON (${err instanceof Error ? err.message : String(err)})`);
        return;
      }
      if (!Number.isInteger(hook) || typeof deliveryId !== 'string' || !req.headers['webhook-signature']) {
        malformed.push(`${req.url}: no webhook path, webhook-id or webhook-signature`);
        return;
      }
      const data = payload?.data;
      arrivals.push({
        hook,
        deliveryId,
        type: payload?.type,
        taskId: data?.task_id,
        statusToId: data?.changes?.status?.to?.id,
        at,
      });
    });
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const { port } = server.address();
  return {
    arrivals,
    malformed,
    urlOf: (hook) => `http://127.0.0.1:${port}/hooks/${hook}`,
    /** Resolves to whether `count` arrivals came before `timeoutMs` passed. */
    async waitForArrivals(count, timeoutMs) {
      const deadline = performance.now() + timeoutMs;
      while (arrivals.length < count && performance.now() < deadline) await delay(20);
      return arrivals.length >= count;
    },
    close() {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
