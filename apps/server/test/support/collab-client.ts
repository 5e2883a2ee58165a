import { HocuspocusProvider, HocuspocusProviderWebsocket } from '@hocuspocus/provider';
import WebSocket from 'ws';
import * as Y from 'yjs';
import { randomIp } from './test-app';

export interface CollabClient {
  doc: Y.Doc;
  provider: HocuspocusProvider;
  /** Stateless messages from the server (JSON), in order. */
  stateless: unknown[];
  /** Resolves with the close code and reason when the server closes the connection. */
  closed: Promise<{ code: number; reason: string }>;
  /** Types text at the end of the body's first paragraph (creating it), as TipTap would store it. */
  type(text: string): void;
  close(): void;
}

export interface CollabClientOptions {
  /** The client's address as the server sees it (X-Forwarded-For); a random one unless given, as for requests. */
  address?: string;
  /** The client's copy of the body, for one that already holds changes when it connects. */
  doc?: Y.Doc;
}

/** The ws client, sending X-Forwarded-For: the provider constructs its socket from the URL alone. */
function webSocketFrom(address: string) {
  return class extends WebSocket {
    constructor(url: string) {
      super(url, { headers: { 'x-forwarded-for': address } });
    }
  };
}

/**
 * A Node Hocuspocus client for `card:{cardId}` on the test server: resolves once synced, rejects when the server
 * refuses the connection (the provider's authenticationFailed).
 */
export function connectCollab(
  baseUrl: string,
  cardId: string,
  token: string | null,
  options: CollabClientOptions = {},
): Promise<CollabClient> {
  const doc = options.doc ?? new Y.Doc();
  const stateless: unknown[] = [];
  let markClosed: (event: { code: number; reason: string }) => void = () => {};
  const closed = new Promise<{ code: number; reason: string }>((resolve) => {
    markClosed = resolve;
  });
  const websocketProvider = new HocuspocusProviderWebsocket({
    url: `${baseUrl.replace(/^http/, 'ws')}/collab`,
    WebSocketPolyfill: webSocketFrom(options.address ?? randomIp()),
  });
  return new Promise((resolve, reject) => {
    const provider = new HocuspocusProvider({
      websocketProvider,
      name: `card:${cardId}`,
      token,
      document: doc,
      onSynced: () => resolve({ doc, provider, stateless, closed, type, close }),
      onStateless: ({ payload }) => stateless.push(JSON.parse(payload)),
      onClose: ({ event }) => markClosed({ code: event.code, reason: event.reason }),
      onAuthenticationFailed: ({ reason }) => {
        close();
        reject(new Error(`refused: ${reason}`));
      },
    });
    provider.attach();
    function close(): void {
      provider.destroy();
      websocketProvider.destroy();
    }
    function type(text: string): void {
      const fragment = doc.getXmlFragment('default');
      let paragraph = fragment.get(0);
      if (!(paragraph instanceof Y.XmlElement)) {
        paragraph = new Y.XmlElement('paragraph');
        fragment.insert(0, [paragraph]);
      }
      let textNode = paragraph.get(0);
      if (!(textNode instanceof Y.XmlText)) {
        textNode = new Y.XmlText();
        paragraph.insert(0, [textNode]);
      }
      textNode.insert(textNode.length, text);
    }
  });
}

/** The body's text as a client sees it. */
export function textOf(client: CollabClient): string {
  return client.doc
    .getXmlFragment('default')
    .toArray()
    .map((node) => (node instanceof Y.XmlElement ? node.toArray().map(String).join('') : ''))
    .join('\n');
}
