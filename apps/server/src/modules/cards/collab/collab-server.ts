import { Hocuspocus } from '@hocuspocus/server';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../../platform/app-deps';
import { requireCardAccess } from '../service/access';
import { cardIdOf, loadBody, storeBody } from './card-documents';

/** Writes follow the last change by this much (the bound is 2 s), and at least this often while typing. */
const storeDebounceMs = 1500;
const storeMaxDebounceMs = 10_000;

interface CollabContext {
  userId: string;
  cardId: string;
}

function isCollabContext(value: unknown): value is CollabContext {
  return typeof value === 'object' && value !== null && 'userId' in value && 'cardId' in value;
}

/**
 * Card bodies over Yjs at `/collab` (Hocuspocus), one document per card named `card:{cardId}`. The ID token comes
 * in the provider's `token` field, never in the URL. Throwing in onAuthenticate refuses the connection: no or bad
 * token, an unknown card, or a card in a project the person is not a member of. Viewers connect read-only, so
 * their updates reach neither the others nor storage.
 */
export function registerCollab(app: FastifyInstance, deps: AppDeps): Hocuspocus {
  const hocuspocus = new Hocuspocus({
    quiet: true,
    debounce: storeDebounceMs,
    maxDebounce: storeMaxDebounceMs,
    async onAuthenticate({ token, documentName, connectionConfig }): Promise<CollabContext> {
      const claims = token ? await deps.idTokens.verify(token) : undefined;
      if (!claims) throw new Error('not signed in');
      const cardId = cardIdOf(documentName);
      if (!cardId) throw new Error('unknown document');
      const { role } = await requireCardAccess(deps.db, cardId, claims.userId);
      connectionConfig.readOnly = role === 'viewer';
      return { userId: claims.userId, cardId };
    },
    async onLoadDocument({ document, documentName }) {
      const cardId = cardIdOf(documentName);
      if (cardId) await loadBody(deps.db, cardId, document);
      return document;
    },
    async onStoreDocument({ document, documentName, context }) {
      const cardId = isCollabContext(context) ? context.cardId : cardIdOf(documentName);
      if (cardId) await storeBody(deps.db, cardId, document);
    },
  });

  app.get('/collab', { websocket: true }, (socket, req) => {
    hocuspocus.handleConnection(socket, req.raw);
  });

  // Bodies changed in the last moments are written before the database closes.
  app.addHook('preClose', async () => {
    hocuspocus.closeConnections();
    await Promise.all(
      [...hocuspocus.documents.keys()].map((name) => hocuspocus.debouncer.executeNow(`onStoreDocument-${name}`)),
    );
  });
  return hocuspocus;
}
