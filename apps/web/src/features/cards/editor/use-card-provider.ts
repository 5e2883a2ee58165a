import { HocuspocusProvider, WebSocketStatus } from '@hocuspocus/provider';
import { useEffect, useState } from 'react';
import * as Y from 'yjs';
import { readStoredToken } from '../../../lib/token-store';
import { cardDocumentName, collabUrl } from './collab-url';
import { presentUserIds } from './presence';

export type CollabStatus = 'connecting' | 'synced' | 'offline' | 'refused';

export interface CardCollab {
  provider: HocuspocusProvider;
  doc: Y.Doc;
}

export interface CardProviderState {
  collab: CardCollab | null;
  status: CollabStatus;
  /** Synced at least once: the body shown is the stored one, not an empty document. */
  loaded: boolean;
  /** Set by the server: a viewer, or someone demoted to viewer while editing. */
  readOnly: boolean;
  /** The people with the card open, by user id (the page knows them by its member list), this person first. */
  presentIds: string[];
}

function isAccessMessage(value: unknown): value is { type: 'access'; read_only: boolean } {
  if (typeof value !== 'object' || value === null) return false;
  const message = value as Record<string, unknown>;
  return message.type === 'access' && typeof message.read_only === 'boolean';
}

function parseStateless(payload: string): unknown {
  try {
    return JSON.parse(payload);
  } catch {
    return null;
  }
}

/**
 * One Hocuspocus connection for the card's body while the page is open. The token is read at each (re)connect,
 * so a refreshed one is picked up without reloading; a connection the server refuses (no longer a member, card
 * deleted) is not retried.
 */
export function useCardProvider(cardId: string, selfId: string, initiallyReadOnly: boolean): CardProviderState {
  const [state, setState] = useState<CardProviderState>({
    collab: null,
    status: 'connecting',
    loaded: false,
    readOnly: initiallyReadOnly,
    presentIds: [],
  });

  useEffect(() => {
    const doc = new Y.Doc();
    const update = (patch: Partial<CardProviderState>) => setState((current) => ({ ...current, ...patch }));
    const provider = new HocuspocusProvider({
      url: collabUrl(),
      name: cardDocumentName(cardId),
      document: doc,
      token: () => readStoredToken() ?? '',
      onSynced: ({ state: synced }) => {
        if (synced) update({ status: 'synced', loaded: true });
      },
      onStatus: ({ status }) => {
        // A synced body stays "synced" while connected; a reconnect syncs again before it says so.
        if (status === WebSocketStatus.Connected) return;
        const next: CollabStatus = status === WebSocketStatus.Disconnected ? 'offline' : 'connecting';
        setState((current) => (current.status === 'refused' ? current : { ...current, status: next }));
      },
      onAuthenticated: ({ scope }) => update({ readOnly: scope === 'readonly' }),
      onAuthenticationFailed: () => {
        update({ status: 'refused' });
        provider.disconnect();
      },
      onStateless: ({ payload }) => {
        const message = parseStateless(payload);
        if (isAccessMessage(message)) update({ readOnly: message.read_only });
      },
      onAwarenessChange: ({ states }) => update({ presentIds: presentUserIds(states, selfId) }),
    });
    // Only the id: the server replaces whatever else a client announces, and the page shows members by their id.
    provider.setAwarenessField('user', { id: selfId });
    update({ collab: { provider, doc }, status: 'connecting', loaded: false });
    return () => {
      provider.destroy();
      doc.destroy();
      update({ collab: null });
    };
  }, [cardId, selfId]);

  return state;
}
