import type { Redis as RedisExtension } from '@hocuspocus/extension-redis';
import { type Hocuspocus, OutgoingMessage, type onStoreDocumentPayload } from '@hocuspocus/server';
import type { FastifyBaseLogger } from 'fastify';
import type { Metrics } from '../../../platform/metrics';
import { createRedisHealth } from '../../../platform/redis-health';

/** What the extension's onStoreDocument throws when another instance holds the document's lock (3.4). */
const lockTakenCause = 'Could not acquire lock, another instance locked it already.';

function isLockTaken(err: unknown): boolean {
  return err instanceof Error && err.cause === lockTakenCause;
}

/** Stores this instance must not write: another instance holds the document's lock, or Redis is away. */
const passedOver = new WeakSet<onStoreDocumentPayload>();

/** Whether the store `payload` stands for may be written here (see withQuietLocks). */
export function mayStore(payload: onStoreDocumentPayload): boolean {
  return !passedOver.has(payload);
}

/**
 * The Redis extension, with its lock's refusals told without throwing. The extension stops a store it may not do by
 * throwing from onStoreDocument, and Hocuspocus prints every such error with its stack on stderr, outside the log:
 * once for each lost race between two instances storing the same document, and three lines a store while Redis is
 * away. Here those stores are marked instead, and the store hook that writes the body asks `mayStore` first. A store
 * passed over while Redis is away is made once it is back (watchCollabRedis stores every open document).
 */
export function withQuietLocks(Extension: typeof RedisExtension, log: FastifyBaseLogger): typeof RedisExtension {
  const storeLog = log.child({ component: 'collab' });
  return class QuietLockRedis extends Extension {
    override async onStoreDocument(payload: onStoreDocumentPayload): Promise<void> {
      if (this.pub.status !== 'ready') {
        passedOver.add(payload);
        storeLog.debug({ document: payload.documentName }, 'card body not stored while redis is away');
        return;
      }
      try {
        await super.onStoreDocument(payload);
      } catch (err) {
        if (!isLockTaken(err)) throw err;
        passedOver.add(payload);
      }
    }
  };
}

/**
 * Watches the Redis extension's connections and repairs what an outage broke once Redis is back: meanwhile this
 * instance's documents and the other instances' missed each other's updates, and stores failed (each takes a lock
 * in Redis). Hocuspocus syncs instances only when a document loads or changes, so each open document is announced
 * again as the extension does on load: its sync step 1 makes every other instance send what it lacks and ask for
 * what they lack, and each instance passes the result on to its editors. (Closing the editors' sockets with 1012
 * instead left an edit made during the outage unseen on the other instance in about one run of eight: both sides
 * unload and reload the document at once, and one side's sync steps can fall between the other's two copies.)
 */
export function watchCollabRedis(
  extension: RedisExtension,
  hocuspocus: Hocuspocus,
  log: FastifyBaseLogger,
  metrics: Pick<Metrics, 'pubsubReconnects' | 'pubsubResyncs'>,
): void {
  const health = createRedisHealth('collab', log);
  health.watch(extension.pub);
  health.watch(extension.sub);
  health.onAvailableAgain(() => {
    metrics.pubsubReconnects.inc({ component: 'collab' });
    metrics.pubsubResyncs.inc({ component: 'collab' });
    void subscribedAgain(extension)
      .then(() => announceOpenDocuments(extension, hocuspocus, log))
      .catch((err: unknown) => log.warn({ component: 'collab', err }, 'documents not announced; Redis is away again'));
  });
}

/**
 * Resolves once Redis has taken the subscriber's subscriptions back. ioredis reports a connection ready before it
 * sends them, and the other instances, on the same reconnection schedule, announce their documents at that same
 * moment: an announcement that reaches Redis before this instance subscribes again is lost to it. Announcing only
 * after a PING sent behind those SUBSCRIBEs has come back means that of any two instances, the one that announces
 * last is heard by the other, whose answer asks for what it lacks.
 */
async function subscribedAgain(extension: RedisExtension): Promise<void> {
  // ioredis sends the SUBSCRIBEs right after the 'ready' this runs in: the PING must queue behind them.
  await new Promise((resolve) => setImmediate(resolve));
  await extension.sub.ping();
}

function announceOpenDocuments(extension: RedisExtension, hocuspocus: Hocuspocus, log: FastifyBaseLogger): void {
  for (const document of hocuspocus.documents.values()) {
    const syncStep1 = new OutgoingMessage(document.name).createSyncMessage().writeFirstSyncStepFor(document);
    // The extension's channel and framing, as its publishFirstSyncStep (3.4) writes them: its identifier first.
    extension.pub
      .publish(
        `${extension.configuration.prefix}:${document.name}`,
        Buffer.concat([extension.messagePrefix, syncStep1.toUint8Array()]),
      )
      .catch((err: unknown) => log.warn({ component: 'collab', err }, 'document not announced; Redis is away again'));
    // Debounced like any store, so it runs after the other instances' answers have arrived.
    const stored = hocuspocus.storeDocumentHooks(document, {
      instance: hocuspocus,
      document,
      documentName: document.name,
      clientsCount: document.getConnectionsCount(),
      context: {},
      requestHeaders: {},
      requestParameters: new URLSearchParams(),
      socketId: '',
    });
    stored.catch((err: unknown) =>
      log.error({ component: 'collab', err }, 'document not stored after Redis came back'),
    );
  }
  log.info({ component: 'collab', documents: hocuspocus.documents.size }, 'open documents synced again');
}
