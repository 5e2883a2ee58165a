import { z } from 'zod';

/** Spec §2: a message of type navigate sends the page to the url it carries. */
const NavigateMessage = z.object({ type: z.literal('navigate'), url: z.string() });

/**
 * The in-app path a service worker message asks to go to, or null: not a navigate message, or a url of another
 * site (the app only ever moves within itself).
 */
export function navigateMessagePath(data: unknown, origin: string): string | null {
  const message = NavigateMessage.safeParse(data);
  if (!message.success) return null;
  let url: URL;
  try {
    url = new URL(message.data.url, origin);
  } catch {
    return null; // not a URL at all
  }
  // A path starting with // would be read as another site's address by whoever navigates to it.
  if (url.origin !== origin || url.pathname.startsWith('//')) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}
