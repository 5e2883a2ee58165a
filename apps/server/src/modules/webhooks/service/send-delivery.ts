import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { webhookLimits } from '@deckhand/contract/webhooks';
import { endpointRefusal, isPublicAddress } from '../../../platform/public-endpoint';
import { signatureHeader } from './signature';

export interface DeliveryAttempt {
  ok: boolean;
  statusCode: number | null;
  error: string | null;
  durationMs: number;
  /** The first 4 KB of the response's body. */
  responseBody: string | null;
}

export interface Sender {
  /** POSTs the delivery's body to `url`, signed with `secret`; never throws: a failure is in the answer. */
  send(target: { url: string; secret: string }, delivery: { id: string; body: string }): Promise<DeliveryAttempt>;
  close(): void;
}

/**
 * Resolves as the system does, then refuses a name that leads to a non-public address (unless its host is
 * allowed): the connection goes to the addresses checked here, so a DNS answer that changes after the check
 * before the send cannot point it into the server's network.
 */
function publicOnlyLookup(allowedHosts: readonly string[]): LookupFunction {
  return (hostname, options, callback) => {
    dns.lookup(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err, '', 0);
      const list = addresses as dns.LookupAddress[];
      const allowed = allowedHosts.includes(hostname.toLowerCase());
      if (!allowed && !list.every((a) => isPublicAddress(a.address))) {
        return callback(new Error('the URL must be on a public address'), '', 0);
      }
      if (options.all) return callback(null, list);
      const [first] = list;
      if (!first) return callback(new Error('the URL host cannot be resolved'), '', 0);
      callback(null, first.address, first.family);
    });
  };
}

/**
 * Sends deliveries over kept-alive connections, one request at a time per call (and each webhook sends one at a
 * time: 64 sockets a host leave room for many webhooks to one receiver). No redirect is followed (a 3xx
 * is a failure), the attempt is cut at 10 s, and only 4 KB of the answer is kept.
 */
export function createSender(options: { allowedHosts: readonly string[]; timeoutMs?: number }): Sender {
  const { allowedHosts } = options;
  const timeoutMs = options.timeoutMs ?? webhookLimits.timeoutMs;
  const lookup = publicOnlyLookup(allowedHosts);
  const agents = {
    'http:': new http.Agent({ keepAlive: true, maxSockets: 64, lookup }),
    'https:': new https.Agent({ keepAlive: true, maxSockets: 64, lookup }),
  };

  function post(url: URL, headers: Record<string, string>, body: string): Promise<DeliveryAttempt> {
    const started = performance.now();
    const elapsed = () => Math.round(performance.now() - started);
    return new Promise((resolve) => {
      let settled = false;
      const finish = (attempt: Omit<DeliveryAttempt, 'durationMs'>) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        resolve({ ...attempt, durationMs: elapsed() });
      };
      const request = (url.protocol === 'https:' ? https : http).request(
        url,
        { method: 'POST', headers, agent: agents[url.protocol === 'https:' ? 'https:' : 'http:'] },
        (res) => {
          const chunks: Buffer[] = [];
          let kept = 0;
          res.on('data', (chunk: Buffer) => {
            if (kept >= webhookLimits.responseBodyMaxBytes) return;
            const part = chunk.subarray(0, webhookLimits.responseBodyMaxBytes - kept);
            chunks.push(part);
            kept += part.length;
          });
          res.on('end', () => {
            const statusCode = res.statusCode ?? 0;
            const ok = statusCode >= 200 && statusCode < 300;
            finish({
              ok,
              statusCode,
              error: ok ? null : `the receiver answered ${statusCode}`,
              responseBody: Buffer.concat(chunks).toString('utf8'),
            });
          });
          res.on('error', (err) =>
            finish({ ok: false, statusCode: res.statusCode ?? null, error: err.message, responseBody: null }),
          );
        },
      );
      const timer = setTimeout(() => {
        request.destroy(new Error(`no answer within ${timeoutMs / 1000} s`));
      }, timeoutMs);
      request.on('error', (err) => finish({ ok: false, statusCode: null, error: err.message, responseBody: null }));
      request.end(body);
    });
  }

  return {
    async send(target, delivery) {
      // Checked again at each attempt, against what the name resolves to now.
      const refusal = await endpointRefusal(target.url, allowedHosts, 'the URL');
      if (refusal) return { ok: false, statusCode: null, error: refusal, durationMs: 0, responseBody: null };
      const timestamp = Math.floor(Date.now() / 1000);
      const headers = {
        'content-type': 'application/json',
        'user-agent': 'Deckhand-Webhooks/1',
        'webhook-id': delivery.id,
        'webhook-timestamp': String(timestamp),
        'webhook-signature': signatureHeader(target.secret, delivery.id, timestamp, delivery.body),
        'content-length': String(Buffer.byteLength(delivery.body)),
      };
      return post(new URL(target.url), headers, delivery.body);
    },
    close() {
      agents['http:'].destroy();
      agents['https:'].destroy();
    },
  };
}
