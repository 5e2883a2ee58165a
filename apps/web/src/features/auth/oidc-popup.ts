import type { OidcPopupResult } from '@deckhand/contract/auth';
import { type Camelize, camelize } from '../../lib/case';

export type OidcSuccess = Camelize<Extract<OidcPopupResult, { status: 'ok' }>>;

const startPath = '/api/auth/oidc/google/start';
/** Long enough to pick an account and pass a second factor; the listener must not stay forever. */
const popupTimeoutMs = 10 * 60_000;

let cancelPrevious: (() => void) | null = null;

/**
 * Opens the federated sign-in popup and resolves with what it posts back (same origin only).
 * Must be called from a click handler, or the browser blocks the popup.
 */
export function openOidcPopup(): Promise<OidcSuccess> {
  cancelPrevious?.();
  const popup = window.open(startPath, 'deckhand-oidc', 'popup,width=500,height=640');
  if (!popup) return Promise.reject(new Error('The sign-in popup was blocked by the browser'));
  popup.focus();
  // The schema of the answer, and zod with it, loads while the person signs in: this module is part of the first load.
  const schemas = import('@deckhand/contract/auth');
  return new Promise<OidcSuccess>((resolve, reject) => {
    let settled = false;
    const timer = window.setTimeout(
      () => finish(new Error('The sign-in popup did not answer in time')),
      popupTimeoutMs,
    );
    function finish(error: Error | null, result?: OidcSuccess): void {
      // A message read after the attempt ended must not end the attempt that replaced it.
      if (settled) return;
      settled = true;
      window.clearTimeout(timer);
      window.removeEventListener('message', handleMessage);
      cancelPrevious = null;
      if (result) resolve(result);
      else reject(error ?? new Error('Federated sign-in failed'));
    }
    function readMessage(data: unknown, schema: typeof OidcPopupResult): void {
      const parsed = schema.safeParse(data);
      if (!parsed.success) return;
      if (parsed.data.status === 'ok') finish(null, camelize(parsed.data));
      else finish(new Error(`Federated sign-in failed: ${parsed.data.message}`));
    }
    function failToRead(error: unknown): void {
      finish(new Error('The sign-in answer could not be read', { cause: error }));
    }
    function handleMessage(event: MessageEvent): void {
      if (event.origin !== window.location.origin) return;
      schemas.then(({ OidcPopupResult }) => readMessage(event.data, OidcPopupResult), failToRead);
    }
    schemas.catch(failToRead);
    window.addEventListener('message', handleMessage);
    cancelPrevious = () => finish(new Error('Replaced by a new sign-in attempt'));
  });
}
