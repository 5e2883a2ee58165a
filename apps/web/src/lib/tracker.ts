import type { ClientEventInput } from '@deckhand/contract/events';
import { api } from './api';

let pageOpenSent = false;

/** Records spec §7's `page_open` once per page load; analytics must never get in the user's way. */
export function trackPageOpen(): void {
  if (pageOpenSent) return;
  pageOpenSent = true;
  const body: ClientEventInput = { name: 'page_open', properties: { page: 'app' } };
  api('events', { method: 'POST', body }).catch((error: unknown) => {
    console.warn('page_open was not recorded', error);
  });
}
