/**
 * Spec §2's `{type: 'navigate', url}`: its url, or null for any other message. Checked by hand: zod is not part of
 * the first load.
 */
function navigateUrl(data: unknown): string | null {
  if (typeof data !== 'object' || data === null || !('type' in data) || !('url' in data)) return null;
  return data.type === 'navigate' && typeof data.url === 'string' ? data.url : null;
}

/**
 * The in-app path a service worker message asks to go to, or null: not a navigate message, or a url of another
 * site (the app only ever moves within itself).
 */
export function navigateMessagePath(data: unknown, origin: string): string | null {
  const target = navigateUrl(data);
  if (target === null) return null;
  let url: URL;
  try {
    url = new URL(target, origin);
  } catch {
    return null; // not a URL at all
  }
  // A path starting with // would be read as another site's address by whoever navigates to it.
  if (url.origin !== origin || url.pathname.startsWith('//')) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}
