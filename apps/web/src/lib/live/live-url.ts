import { backendUrl } from '../api';

/** `ws(s)://<host>/updates?token=…` on the server the API calls go to (spec §7). */
export function liveUrl(token: string, base: string = backendUrl || window.location.origin): string {
  const url = new URL('/updates', base);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  url.searchParams.set('token', token);
  return url.toString();
}
