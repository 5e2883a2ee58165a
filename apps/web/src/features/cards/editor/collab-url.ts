import { backendUrl } from '../../../lib/api';

/** `ws(s)://<host>/collab` on the server the API calls go to; the token travels inside the protocol, not here. */
export function collabUrl(base: string = backendUrl || window.location.origin): string {
  const url = new URL('/collab', base);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  return url.toString();
}

/** The Hocuspocus document of a card's body (spec: `card:{cardId}`). */
export function cardDocumentName(cardId: string): string {
  return `card:${cardId}`;
}
