import type { AwarenessUpdate, Document } from '@hocuspocus/server';

/**
 * Makes the server the only source of who is on a card. Each awareness state a connection sends is stored (and so
 * relayed to co-editors, other instances and later arrivals) as `{ user: { id }, cursor }`: the id is the person
 * that connection authenticated as, and browsers take name, colour and avatar from the project's members. Otherwise
 * a client could appear as another member, with any avatar address, which every co-editor's browser would load.
 * The caret position (`cursor`, y-prosemirror's) is all else the editor announces; other fields are dropped, so a
 * new one has to be let through here on purpose.
 *
 * Awareness emits `change` before the `update` on which Hocuspocus broadcasts, so states are rewritten before they
 * leave. States relayed from another instance (no origin: no connection here sent them) were rewritten there.
 */
export function enforcePresenceIdentity(document: Document, userIdOf: (context: unknown) => string | undefined): void {
  const { awareness } = document;
  awareness.on('change', ({ added, updated }: AwarenessUpdate, origin: unknown) => {
    if (origin === undefined) return;
    const connection = document.getConnections().find((candidate) => candidate.webSocket === origin);
    const userId = connection ? userIdOf(connection.context) : undefined;
    for (const clientId of [...added, ...updated]) {
      const state = awareness.states.get(clientId);
      if (!state) continue;
      awareness.states.set(clientId, {
        ...(userId !== undefined && { user: { id: userId } }),
        ...('cursor' in state && { cursor: state.cursor }),
      });
    }
  });
}
