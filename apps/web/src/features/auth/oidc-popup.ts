import { OidcPopupResult } from '@deckhand/contract/auth';
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
  return new Promise<OidcSuccess>((resolve, reject) => {
    const timer = window.setTimeout(
      () => finish(new Error('The sign-in popup did not answer in time')),
      popupTimeoutMs,
    );
    function finish(error: Error | null, result?: OidcSuccess): void {
      window.clearTimeout(timer);
      window.removeEventListener('message', handleMessage);
      cancelPrevious = null;
      if (result) resolve(result);
      else reject(error ?? new Error('Federated sign-in failed'));
    }
    function handleMessage(event: MessageEvent): void {
      if (event.origin !== window.location.origin) return;
      const parsed = OidcPopupResult.safeParse(event.data);
      if (!parsed.success) return;
      if (parsed.data.status === 'ok') finish(null, camelize(parsed.data));
      else finish(new Error(`Federated sign-in failed: ${parsed.data.message}`));
    }
    window.addEventListener('message', handleMessage);
    cancelPrevious = () => finish(new Error('Replaced by a new sign-in attempt'));
  });
}
