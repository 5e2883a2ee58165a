import { createHmac, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedRequest {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
  /** Date.now() when it arrived. */
  at: number;
}

export interface WebhookReceiver {
  /** `http://127.0.0.1:<port><path>` (WEBHOOK_ALLOWED_HOSTS lets tests use it). */
  url(path?: string): string;
  received: ReceivedRequest[];
  /** The status answered to each next request, in turn; 200 once they run out. */
  answerWith(...statuses: number[]): void;
  /** Headers to add to the answers (a redirect's Location). */
  answerHeaders: Record<string, string>;
  /** Resolves once `count` requests have arrived; rejects after `timeoutMs` (usable outside a test, in a hook). */
  waitForRequests(count: number, timeoutMs: number): Promise<void>;
  close(): Promise<void>;
}

/** A real HTTP server on loopback that records what it receives and answers as told. */
export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const received: ReceivedRequest[] = [];
  const statuses: number[] = [];
  const answerHeaders: Record<string, string> = {};
  const arrivals = new Set<() => void>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({
        method: req.method ?? '',
        path: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
        at: Date.now(),
      });
      for (const arrived of arrivals) arrived();
      res.writeHead(statuses.shift() ?? 200, { 'content-type': 'text/plain', ...answerHeaders });
      res.end('received');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: (path = '/hook') => `http://127.0.0.1:${port}${path}`,
    received,
    answerWith: (...next) => statuses.push(...next),
    answerHeaders,
    waitForRequests: (count, timeoutMs) =>
      new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          arrivals.delete(check);
          reject(new Error(`${received.length} of ${count} requests within ${timeoutMs} ms`));
        }, timeoutMs);
        function check() {
          if (received.length < count) return;
          clearTimeout(timer);
          arrivals.delete(check);
          resolve();
        }
        arrivals.add(check);
        check();
      }),
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * The Standard Webhooks check, written here from the scheme's text rather than taken from the server: the
 * signature is the base64 HMAC-SHA256 of `{id}.{timestamp}.{body}` keyed with the base64-decoded secret (after
 * `whsec_`); the header may list several space-separated `v1,<sig>` values. The timestamp must be within 5 minutes.
 */
export function verifyStandardWebhook(secret: string, request: ReceivedRequest): boolean {
  const id = request.headers['webhook-id'];
  const timestamp = request.headers['webhook-timestamp'];
  const header = request.headers['webhook-signature'];
  if (typeof id !== 'string' || typeof timestamp !== 'string' || typeof header !== 'string') return false;
  if (Math.abs(Date.now() / 1000 - Number(timestamp)) > 300) return false;
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const expected = createHmac('sha256', key).update(`${id}.${timestamp}.${request.body}`).digest();
  return header.split(' ').some((part) => {
    const [version, signature] = part.split(',');
    if (version !== 'v1' || !signature) return false;
    const given = Buffer.from(signature, 'base64');
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
}
