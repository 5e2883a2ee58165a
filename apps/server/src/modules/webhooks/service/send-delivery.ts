import dns from 'node:dns';
import type { LookupFunction } from 'node:net';
import { webhookLimits } from '@deckhand/contract/webhooks';
import { endpointRefusal, isPublicAddress } from '../../../platform/public-endpoint';
import { ReceiverConnection } from './receiver-connection';
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

/** A receiver's answer beyond this is not read to its end: its connection is dropped instead. */
const responseDrainMaxBytes = 1024 * 1024;
/** Connections kept open per receiver origin at most; the least recently used beyond it is closed. */
const maxOrigins = 256;

function failure(error: string, durationMs = 0): DeliveryAttempt {
  return { ok: false, statusCode: null, error, durationMs, responseBody: null };
}

/** A delivery's HTTP/1.1 request, whole: it leaves in one write with the rest of its round. */
function requestBytes(url: URL, secret: string, delivery: { id: string; body: string }, timestamp: number): Buffer {
  const body = Buffer.from(delivery.body);
  const head =
    `POST ${url.pathname}${url.search} HTTP/1.1\r\n` +
    `host: ${url.host}\r\n` +
    'content-type: application/json\r\n' +
    'user-agent: Deckhand-Webhooks/1\r\n' +
    `webhook-id: ${delivery.id}\r\n` +
    `webhook-timestamp: ${timestamp}\r\n` +
    `webhook-signature: ${signatureHeader(secret, delivery.id, timestamp, delivery.body)}\r\n` +
    `content-length: ${body.length}\r\n\r\n`;
  return Buffer.concat([Buffer.from(head, 'latin1'), body]);
}

/**
 * Sends deliveries over one kept-alive HTTP/1.1 connection per receiver origin (receiver-connection.ts), a round
 * in one write, pipelined: they leave in order and their answers come back in order, without a round trip
 * between them. No redirect is followed (a 3xx is a failure), an attempt is cut at 10 s from its turn, and only
 * 4 KB of the answer is kept. undici did this before at about 60 µs of CPU per delivery, a write each; on a
 * 2-core machine that came out of the moves that made the deliveries.
 */
export function createSender(options: {
  allowedHosts: readonly string[];
  timeoutMs?: number;
  /** Certificate authorities trusted instead of the system's: for tests only. */
  ca?: string;
}): Sender {
  const { allowedHosts } = options;
  const timeoutMs = options.timeoutMs ?? webhookLimits.timeoutMs;
  const lookup = publicOnlyLookup(allowedHosts);
  const connections = new Map<string, ReceiverConnection>();

  function connectionFor(url: URL): ReceiverConnection {
    let connection = connections.get(url.origin);
    if (connection) {
      // Most recently used last, so the first is the one to close when there are too many.
      connections.delete(url.origin);
      connections.set(url.origin, connection);
      return connection;
    }
    connection = new ReceiverConnection(url, {
      lookup,
      timeoutMs,
      keepBytes: webhookLimits.responseBodyMaxBytes,
      drainMaxBytes: responseDrainMaxBytes,
      ca: options.ca,
    });
    connections.set(url.origin, connection);
    if (connections.size > maxOrigins) {
      for (const [origin, oldest] of connections) {
        if (!oldest.idle) continue;
        connections.delete(origin);
        oldest.close();
        break;
      }
    }
    return connection;
  }

  async function sendAll(
    target: { url: string; secret: string },
    deliveries: readonly { id: string; body: string }[],
  ): Promise<DeliveryAttempt[]> {
    // Checked again at each round, against what the name resolves to now (and at each connection, by `lookup`).
    const refusal = await endpointRefusal(target.url, allowedHosts, 'the URL');
    if (refusal) return deliveries.map(() => failure(refusal));
    const url = new URL(target.url);
    const timestamp = Math.floor(Date.now() / 1000);
    const outcomes = connectionFor(url).send(
      deliveries.map((delivery) => requestBytes(url, target.secret, delivery, timestamp)),
    );
    return Promise.all(
      outcomes.map(async (pending): Promise<DeliveryAttempt> => {
        const outcome = await pending;
        if (!outcome.ok) return failure(outcome.error, outcome.durationMs);
        const { statusCode, body } = outcome.response;
        const ok = statusCode >= 200 && statusCode < 300;
        return {
          ok,
          statusCode,
          error: ok ? null : `the receiver answered ${statusCode}`,
          durationMs: outcome.durationMs,
          responseBody: body.toString('utf8'),
        };
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
      for (const connection of connections.values()) connection.close();
      connections.clear();
    },
  };
}
