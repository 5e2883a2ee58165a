import type { Redis as RedisExtension } from '@hocuspocus/extension-redis';
import { Hocuspocus } from '@hocuspocus/server';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import * as Y from 'yjs';
import type { AppDeps } from '../../../app-deps';
import { redisReconnectOptions } from '../../../platform/redis-health';
import { requireMembership } from '../../projects/queries/access';
import { storeCardBody } from '../commands/store-card-body';
import { requireCardAccess } from '../queries/card-access';
import { cardIdOf, loadBody } from './card-documents';
import { createCardEditors } from './card-editors';
import { enforcePresenceIdentity } from './collab-presence';
import { mayStore, watchCollabRedis, withQuietLocks } from './collab-redis';
import { type CollabSocketOptions, createCollabSockets } from './collab-sockets';

/** Writes follow the last change by this much (the bound is 2 s), and at least this often while typing. */
const storeDebounceMs = 1500;
const storeMaxDebounceMs = 10_000;

interface CollabContext {
  userId: string;
  cardId: string;
  projectId: string;
}

/** The largest body, as Yjs state: about a book's worth of text with its editing history. */
export const bodyMaxBytes = 2 * 1024 * 1024;
/** Messages up to this size (keystrokes, cursors) are let through while the body is within its bound. */
const smallMessageBytes = 1024;
/** Closes the connection of whoever would grow a body past the bound; the reason reaches the provider. */
const bodyTooLarge = { code: 4413, reason: 'This card’s body has reached its 2 MB limit: remove some content first' };

/**
 * Bodies grow by at most the size of each message, so a running sum spares encoding the whole state per keystroke;
 * only past the bound is the real size taken.
 */
const approximateSizes = new WeakMap<object, number>();

function checkBodySize(document: Y.Doc, messageBytes: number): void {
  const approximate = (approximateSizes.get(document) ?? 0) + messageBytes;
  if (approximate <= bodyMaxBytes) {
    approximateSizes.set(document, approximate);
    return;
  }
  const exact = Y.encodeStateAsUpdate(document).byteLength;
  approximateSizes.set(document, exact);
  if (exact > bodyMaxBytes || (messageBytes > smallMessageBytes && exact + messageBytes > bodyMaxBytes)) {
    throw bodyTooLarge;
  }
}

/**
 * With REDIS_URL, editors connected to different instances see each other: Hocuspocus's Redis extension relays
 * document and awareness updates, and lets one instance at a time store a document. Loaded only then: with ioredis
 * it costs an instance without Redis about 4 MiB of heap and 200 ms of start-up.
 */
async function createRedisExtension(
  redisUrl: string,
  keyPrefix: string,
  log: FastifyBaseLogger,
): Promise<RedisExtension> {
  const { Redis } = await import('@hocuspocus/extension-redis');
  const QuietLockRedis = withQuietLocks(Redis, log);
  const url = new URL(redisUrl);
  return new QuietLockRedis({
    host: url.hostname,
    port: Number(url.port || 6379),
    prefix: `${keyPrefix}collab`,
    options: {
      ...redisReconnectOptions,
      ...(url.username && { username: decodeURIComponent(url.username) }),
      ...(url.password && { password: decodeURIComponent(url.password) }),
      ...(url.pathname.length > 1 && { db: Number(url.pathname.slice(1)) }),
      ...(url.protocol === 'rediss:' && { tls: {} }),
    },
  });
}

/** Closes a connection whose person may no longer see the card; the provider then fails to authenticate. */
const forbidden = { code: 4403, reason: 'Forbidden' };

function isCollabContext(value: unknown): value is CollabContext {
  return typeof value === 'object' && value !== null && 'userId' in value && 'cardId' in value && 'projectId' in value;
}

function userIdOf(context: unknown): string | undefined {
  return isCollabContext(context) ? context.userId : undefined;
}

/**
 * Card bodies over Yjs at `/collab` (Hocuspocus), one document per card named `card:{cardId}`. The ID token comes
 * in the provider's `token` field, never in the URL. Throwing in onAuthenticate refuses the connection: no or bad
 * token, an unknown card, or a card in a project the person is not a member of. Viewers connect read-only, so
 * their updates reach neither the others nor storage. Sockets are guarded before they authenticate (collab-sockets.ts)
 * and presence carries only the authenticated user's id (collab-presence.ts).
 */
export async function registerCollab(
  app: FastifyInstance,
  deps: AppDeps,
  options: CollabSocketOptions = {},
): Promise<Hocuspocus> {
  const redis = deps.config.redisUrl
    ? await createRedisExtension(deps.config.redisUrl, deps.config.redisKeyPrefix, deps.log)
    : undefined;
  const editors = createCardEditors();
  const sockets = createCollabSockets(options);
  const hocuspocus = new Hocuspocus({
    quiet: true,
    extensions: redis ? [redis] : [],
    debounce: storeDebounceMs,
    maxDebounce: storeMaxDebounceMs,
    async onAuthenticate({ token, documentName, connectionConfig, request, socketId }): Promise<CollabContext> {
      const claims = token ? await deps.idTokens.verify(token) : undefined;
      if (!claims) throw new Error('not signed in');
      const cardId = cardIdOf(documentName);
      if (!cardId) throw new Error('unknown document');
      const { role, projectId } = await requireCardAccess(deps.db, cardId, claims.userId);
      connectionConfig.readOnly = role === 'viewer';
      sockets.authenticated(request, socketId, documentName);
      return { userId: claims.userId, cardId, projectId };
    },
    async onDisconnect({ socketId, documentName }) {
      sockets.disconnected(socketId, documentName);
    },
    async beforeHandleMessage({ document, update }) {
      checkBodySize(document, update.byteLength);
    },
    async onLoadDocument({ document, documentName }) {
      const cardId = cardIdOf(documentName);
      if (cardId) await loadBody(deps.db, cardId, document);
      approximateSizes.set(document, Y.encodeStateAsUpdate(document).byteLength);
      enforcePresenceIdentity(document, userIdOf);
      return document;
    },
    async onChange({ document, context }) {
      if (isCollabContext(context)) editors.add(document, context.userId);
    },
    async onStoreDocument(payload) {
      if (!mayStore(payload)) return;
      const { document, documentName, context } = payload;
      const cardId = isCollabContext(context) ? context.cardId : cardIdOf(documentName);
      if (!cardId) return;
      const editedBy = editors.take(document);
      try {
        await storeCardBody(deps, editedBy, { cardId, document });
      } catch (err) {
        editors.putBack(document, editedBy);
        throw err;
      }
    },
  });

  if (redis) watchCollabRedis(redis, hocuspocus, deps.log, deps.metrics);

  /** Re-checks a person's open connections to a project's cards: gone when removed, read-only as a viewer. */
  async function recheck(projectId: string, userId: string | undefined): Promise<void> {
    for (const document of hocuspocus.documents.values()) {
      for (const connection of document.getConnections()) {
        const context: unknown = connection.context;
        if (!isCollabContext(context) || context.projectId !== projectId) continue;
        if (userId !== undefined && context.userId !== userId) continue;
        const role = await requireMembership(deps.db, projectId, context.userId).catch(() => undefined);
        if (role === undefined) {
          connection.close(forbidden);
          continue;
        }
        const readOnly = role === 'viewer';
        if (connection.readOnly === readOnly) continue;
        connection.readOnly = readOnly;
        // Tells the editor to switch modes; its updates are already refused or accepted from here on.
        connection.sendStateless(JSON.stringify({ type: 'access', read_only: readOnly }));
      }
    }
  }

  // On every instance: whoever holds the connections re-checks them (the live channel is for browsers only).
  deps.events.subscribe({
    name: 'cards.collab-access',
    on: ['member.removed', 'member.role_changed', 'project.deleted', 'card.deleted'],
    everyInstance: true,
    async handle(event) {
      if (event.type === 'card.deleted') {
        hocuspocus.closeConnections(`card:${event.card.id}`);
        return;
      }
      const userId = event.type === 'project.deleted' ? undefined : event.member.userId;
      await recheck(event.projectId, userId);
    },
  });
  app.addHook('onClose', async () => {
    // Documents unload (and leave their Redis channels) before the Redis connections go.
    await Promise.all([...hocuspocus.documents.values()].map((document) => hocuspocus.unloadDocument(document)));
    await Promise.all(hocuspocus.unloadingDocuments.values());
    await redis?.onDestroy();
  });

  app.get('/collab', { websocket: true }, (socket, req) => {
    sockets.accept(socket, req.ip, req.raw, () => hocuspocus.handleConnection(socket, req.raw));
  });

  // Bodies changed in the last moments are written, then every editor is told to reconnect (to another instance
  // behind a load balancer: 1012, service restart), then anything that came in meanwhile is written too. On a drain,
  // and again when the app closes, before the database does.
  const storeOpenBodies = () =>
    Promise.all(
      [...hocuspocus.documents.keys()].map((name) => hocuspocus.debouncer.executeNow(`onStoreDocument-${name}`)),
    );
  const flushAndClose = async () => {
    await storeOpenBodies();
    sockets.closeAll(1012, 'Service restart');
    await storeOpenBodies();
  };
  deps.drain.onStart(flushAndClose);
  app.addHook('preClose', flushAndClose);
  return hocuspocus;
}
