import dns from 'node:dns';
import type { LookupFunction } from 'node:net';
import { webhookLimits } from '@deckhand/contract/webhooks';
// Not from the package's index, which installs its own Agent as the dispatcher of Node's built-in fetch.
import request from 'undici/lib/api/api-request.js';
import Client from 'undici/lib/dispatcher/client.js';
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
  /**
   * Sends several deliveries to one webhook, leaving in the given order on one connection (pipelined), and
   * resolves with their attempts in that order. Never throws.
   */
  sendAll(
    target: { url: string; secret: string },
    deliveries: readonly { id: string; body: string }[],
  ): Promise<DeliveryAttempt[]>;
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

/** Requests on one connection before their answers: a round's deliveries leave together, in order. */
const pipelining = 16;
/** A receiver's answer beyond this is not read to its end: its connection is dropped instead. */
const responseDrainMaxBytes = 1024 * 1024;
/** Connections kept open per receiver origin at most; the least recently used beyond it is closed. */
const maxOrigins = 256;

function failure(error: string, durationMs = 0): DeliveryAttempt {
  return { ok: false, statusCode: null, error, durationMs, responseBody: null };
}

/**
 * Sends deliveries over one kept-alive HTTP/1.1 connection per receiver origin (undici), the deliveries of a round
 * pipelined on it: they leave in order and their answers come back in order, without a round trip between them
 * (each delivery is safe to receive twice: it carries its `webhook-id`). No redirect is followed (a 3xx is a
 * failure), an attempt is cut at 10 s, and only 4 KB of the answer is kept.
 */
export function createSender(options: { allowedHosts: readonly string[]; timeoutMs?: number }): Sender {
  const { allowedHosts } = options;
  const timeoutMs = options.timeoutMs ?? webhookLimits.timeoutMs;
  const lookup = publicOnlyLookup(allowedHosts);
  const clients = new Map<string, Client>();

  function clientFor(origin: string): Client {
    let client = clients.get(origin);
    if (client) {
      // Most recently used last, so the first is the one to close when there are too many.
      clients.delete(origin);
      clients.set(origin, client);
      return client;
    }
    client = new Client(origin, {
      pipelining,
      connect: { lookup, timeout: timeoutMs },
      // Each delivery's own timeout runs from its turn (post); these only back it up for a whole pipeline.
      headersTimeout: timeoutMs * (pipelining + 1),
      bodyTimeout: timeoutMs * (pipelining + 1),
    });
    clients.set(origin, client);
    if (clients.size > maxOrigins) {
      const [oldest] = clients;
      if (oldest) {
        clients.delete(oldest[0]);
        void oldest[1].close().catch(() => {});
      }
    }
    return client;
  }

  /**
   * One delivery of a pipelined round. Its 10 s start when the receiver turns to it (`turn`: the answer before it
   * is in), not when it is queued: a receiver taking a second per delivery gets a second for each, as if they
   * were sent one by one.
   */
  async function post(
    client: Client,
    url: URL,
    headers: Record<string, string>,
    body: string,
    turn: Promise<unknown>,
  ): Promise<DeliveryAttempt> {
    const abort = new AbortController();
    let started = performance.now();
    let timer: NodeJS.Timeout | undefined;
    let finished = false;
    void turn.then(() => {
      if (finished) return;
      started = performance.now();
      timer = setTimeout(() => abort.abort(), timeoutMs);
    });
    const elapsed = () => Math.round(performance.now() - started);
    try {
      const res = await request.call(client, {
        path: url.pathname + url.search,
        method: 'POST',
        headers,
        body,
        // Pipelined although a POST: a receiver may get a delivery twice anyway, and tells by its webhook-id.
        idempotent: true,
        signal: abort.signal,
      });
      const chunks: Buffer[] = [];
      let kept = 0;
      let read = 0;
      for await (const chunk of res.body) {
        const bytes = Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk));
        read += bytes.byteLength;
        if (kept < webhookLimits.responseBodyMaxBytes) {
          const part = bytes.subarray(0, webhookLimits.responseBodyMaxBytes - kept);
          chunks.push(part);
          kept += part.length;
        }
        // Read to the end, so the connection carries the next answers; an endless one is cut.
        if (read > responseDrainMaxBytes) break;
      }
      const ok = res.statusCode >= 200 && res.statusCode < 300;
      return {
        ok,
        statusCode: res.statusCode,
        error: ok ? null : `the receiver answered ${res.statusCode}`,
        durationMs: elapsed(),
        responseBody: Buffer.concat(chunks).toString('utf8'),
      };
    } catch (err) {
      const message = abort.signal.aborted
        ? `no answer within ${timeoutMs / 1000} s`
        : err instanceof Error
          ? ((err.cause instanceof Error ? err.cause.message : undefined) ?? err.message)
          : String(err);
      return failure(message, elapsed());
    } finally {
      finished = true;
      clearTimeout(timer);
    }
  }

  async function sendAll(
    target: { url: string; secret: string },
    deliveries: readonly { id: string; body: string }[],
  ): Promise<DeliveryAttempt[]> {
    // Checked again at each round, against what the name resolves to now (and at each connection, by `lookup`).
    const refusal = await endpointRefusal(target.url, allowedHosts, 'the URL');
    if (refusal) return deliveries.map(() => failure(refusal));
    const url = new URL(target.url);
    const client = clientFor(url.origin);
    const timestamp = Math.floor(Date.now() / 1000);
    let turn: Promise<unknown> = Promise.resolve();
    return Promise.all(
      deliveries.map((delivery) => {
        const attempt = post(
          client,
          url,
          {
            'content-type': 'application/json',
            'user-agent': 'Deckhand-Webhooks/1',
            'webhook-id': delivery.id,
            'webhook-timestamp': String(timestamp),
            'webhook-signature': signatureHeader(target.secret, delivery.id, timestamp, delivery.body),
          },
          delivery.body,
          turn,
        );
        turn = attempt;
        return attempt;
      }),
    );
  }

  return {
    async send(target, delivery) {
      const [attempt] = await sendAll(target, [delivery]);
      return attempt ?? failure('not sent');
    },
    sendAll,
    close() {
      for (const client of clients.values()) void client.destroy().catch(() => {});
      clients.clear();
    },
  };
}
