import { LiveEvent, type LiveResync, liveCloseCodes, liveMaxSocketsPerUser } from '@deckhand/contract/live';
import websocket from '@fastify/websocket';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { WebSocket } from 'ws';
import { z } from 'zod';
import type { Drain } from './drain';
import { sendError } from './errors';
import type { IdTokens } from './id-tokens';
import type { Metrics } from './metrics';
import type { PubSub } from './pubsub';

export interface LiveOptions {
  /** How often idle sockets are pinged; one missed pong and the socket is dropped. */
  pingIntervalMs?: number;
  /** A socket whose unsent data grows past this is a slow consumer and is disconnected. */
  maxBufferedBytes?: number;
}

export interface Live {
  /** Sends `event` to every open socket of these users, on every instance. Never throws. */
  publish(userIds: readonly string[], event: LiveEvent): void;
  /** Sockets open on this instance (for tests and benchmarks). */
  localSocketCount(): number;
}

const channel = 'live';
/** An envelope's recipients; its event is checked only where one of them has a socket (see readEnvelope). */
const Envelope = z.object({ user_ids: z.array(z.string()), event: z.unknown() });
const TokenQuery = z.object({ token: z.string().max(4000).optional() });

/** The part of a ws socket that sending needs; small enough to fake in a unit test. */
export interface SendableSocket {
  readonly readyState: number;
  readonly OPEN: number;
  readonly bufferedAmount: number;
  send(data: string): void;
  terminate(): void;
}

/**
 * Sends unless the socket is a slow consumer: one whose unsent data already passed the limit is
 * disconnected, because letting its buffer grow would let one client eat the server's memory.
 */
export function sendBounded(
  socket: SendableSocket,
  payload: string,
  maxBufferedBytes: number,
): 'sent' | 'skipped' | 'dropped' {
  if (socket.readyState !== socket.OPEN) return 'skipped';
  if (socket.bufferedAmount > maxBufferedBytes) {
    socket.terminate();
    return 'dropped';
  }
  socket.send(payload);
  return 'sent';
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined; // reported as a malformed envelope by the caller
  }
}

/** What an envelope heard on the channel has this instance send, or why it sends nothing. */
export type EnvelopeReading =
  | { kind: 'send'; userIds: string[]; payload: string }
  | { kind: 'none-here' }
  | { kind: 'malformed'; issues: unknown };

/**
 * Reads an envelope from the channel for the recipients that have a socket here. Every instance hears every
 * envelope, and with several most are for sockets held elsewhere: the event, the bulk of an envelope, is checked
 * and serialized again only when someone here is to get it.
 */
export function readEnvelope(message: string, isHere: (userId: string) => boolean): EnvelopeReading {
  const envelope = Envelope.safeParse(parseJson(message));
  if (!envelope.success) return { kind: 'malformed', issues: envelope.error.issues };
  const userIds = envelope.data.user_ids.filter(isHere);
  if (userIds.length === 0) return { kind: 'none-here' };
  const event = LiveEvent.safeParse(envelope.data.event);
  if (!event.success) return { kind: 'malformed', issues: event.error.issues };
  return { kind: 'send', userIds, payload: JSON.stringify(event.data) };
}

/** What a client may send on the live channel before it is disconnected (it has nothing to say). */
const liveMaxMessageBytes = 4096;

/**
 * The live channel at `GET /updates?token=<id token>`: one WebSocket per tab, owned by one user,
 * closed with 4401 when its token expires (the client reconnects with a fresh one).
 */
export async function registerLive(
  app: FastifyInstance,
  deps: {
    pubsub: PubSub;
    idTokens: IdTokens;
    log: FastifyBaseLogger;
    drain: Drain;
    metrics: Pick<Metrics, 'pubsubResyncs'>;
  },
  options: LiveOptions = {},
): Promise<Live> {
  const pingIntervalMs = options.pingIntervalMs ?? 30_000;
  const maxBufferedBytes = options.maxBufferedBytes ?? 1024 * 1024;
  const socketsByUser = new Map<string, Set<WebSocket>>();
  const alive = new WeakSet<WebSocket>();

  function countSockets(): number {
    let count = 0;
    for (const sockets of socketsByUser.values()) count += sockets.size;
    return count;
  }

  function deliver(userIds: readonly string[], payload: string): void {
    for (const userId of userIds) {
      for (const socket of socketsByUser.get(userId) ?? []) {
        if (sendBounded(socket, payload, maxBufferedBytes) === 'dropped') {
          deps.log.warn({ userId }, 'live socket too slow, disconnected');
        }
      }
    }
  }

  const hasSockets = (userId: string) => socketsByUser.has(userId);
  const unsubscribe = await deps.pubsub.subscribe(channel, (message) => {
    const reading = readEnvelope(message, hasSockets);
    if (reading.kind === 'malformed') deps.log.warn({ issues: reading.issues }, 'dropping malformed live envelope');
    else if (reading.kind === 'send') deliver(reading.userIds, reading.payload);
  });
  // Events for these sockets may have been lost on the way (Redis was away): each client refetches what it shows.
  const resync = JSON.stringify({ type: 'resync' } satisfies LiveResync);
  deps.pubsub.onResync(() => {
    deps.metrics.pubsubResyncs.inc({ component: 'live' });
    deps.log.info({ sockets: countSockets() }, 'live sockets told to resync');
    deliver([...socketsByUser.keys()], resync);
  });

  const heartbeat = setInterval(() => {
    for (const sockets of socketsByUser.values()) {
      for (const socket of sockets) {
        if (!alive.has(socket)) {
          socket.terminate();
          continue;
        }
        alive.delete(socket);
        socket.ping();
      }
    }
  }, pingIntervalMs);
  heartbeat.unref();

  // One websocket server serves this channel and the card bodies (/collab), whose sync messages can carry a whole
  // body (up to 2 MB of Yjs state); this channel keeps its own 4 KB bound below.
  await app.register(websocket, { options: { maxPayload: 4 * 1024 * 1024 } });
  // 1012 (service restart): the web app reconnects, to another instance behind a load balancer, and refetches.
  const closeAll = async () => {
    for (const sockets of socketsByUser.values()) for (const socket of sockets) socket.close(1012, 'Service restart');
  };
  deps.drain.onStart(closeAll);
  app.addHook('onClose', async () => {
    clearInterval(heartbeat);
    await unsubscribe();
    await closeAll();
  });

  app.get(
    '/updates',
    {
      websocket: true,
      schema: { hide: true },
      preValidation: async (req, reply) => {
        const query = TokenQuery.safeParse(req.query);
        const claims = query.success && query.data.token ? await deps.idTokens.verify(query.data.token) : undefined;
        if (!claims) return sendError(reply, 'auth/unauthenticated', 'A valid token query parameter is required');
        req.liveClaims = claims;
      },
    },
    (socket, req) => {
      const claims = req.liveClaims;
      if (!claims) {
        socket.close(liveCloseCodes.unauthorized, 'unauthenticated');
        return;
      }
      const { userId } = claims;
      let sockets = socketsByUser.get(userId);
      if (!sockets) {
        sockets = new Set();
        socketsByUser.set(userId, sockets);
      }
      // Per instance, which is enough to keep one person from holding sockets without bound. The oldest goes: it is
      // most likely a tab left open in the background, and its client does not reopen it (see liveCloseCodes).
      for (const oldest of sockets) {
        if (sockets.size < liveMaxSocketsPerUser) break;
        sockets.delete(oldest);
        oldest.close(liveCloseCodes.tooManySockets, 'Too many open tabs');
      }
      sockets.add(socket);
      alive.add(socket);
      socket.on('pong', () => alive.add(socket));
      // Clients have nothing to say on this channel: small messages are ignored, large ones end the connection.
      socket.on('message', (data: Buffer | ArrayBuffer | Buffer[]) => {
        const bytes = Array.isArray(data) ? data.reduce((sum, part) => sum + part.byteLength, 0) : data.byteLength;
        if (bytes > liveMaxMessageBytes) socket.close(1009, 'message too big');
      });
      const expiry = setTimeout(
        () => socket.close(liveCloseCodes.unauthorized, 'token expired'),
        Math.max(0, claims.expiresAt * 1000 - Date.now()),
      );
      socket.on('close', () => {
        clearTimeout(expiry);
        sockets.delete(socket);
        if (sockets.size === 0) socketsByUser.delete(userId);
      });
    },
  );

  return {
    publish(userIds, event) {
      if (userIds.length === 0) return;
      deps.pubsub
        .publish(channel, JSON.stringify({ user_ids: userIds, event }))
        .catch((err: unknown) => deps.log.error({ err, event: event.type }, 'live event not published'));
    },
    localSocketCount: countSockets,
  };
}
