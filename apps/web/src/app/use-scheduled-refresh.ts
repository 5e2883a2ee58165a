import { useEffect, useState } from 'react';
import { readTokenClaims } from '../lib/jwt';

/** Refresh this long before the token's `exp`. */
const refreshLeadMs = 60_000;
/** After a failed refresh (network, 5xx), try again this much later. */
const refreshRetryMs = 15_000;
/**
 * `exp` is judged by this device's clock; if it runs minutes ahead of the server's, every new token looks
 * nearly expired. This floor keeps such a device refreshing now and then instead of in a tight loop.
 */
const minRefreshDelayMs = 10_000;

/** Calls `refresh` shortly before `token` expires, and again every few seconds while it fails. */
export function useScheduledRefresh(token: string | null, refresh: () => Promise<unknown>): void {
  const [failedRefreshes, setFailedRefreshes] = useState(0);

  useEffect(() => {
    const expiresAtMs = token ? readTokenClaims(token).expiresAtMs : null;
    if (expiresAtMs === null) return;
    const untilLead = expiresAtMs - refreshLeadMs - Date.now();
    const delayMs = failedRefreshes > 0 ? refreshRetryMs : Math.max(minRefreshDelayMs, untilLead);
    const timer = window.setTimeout(() => {
      refresh()
        .then(() => setFailedRefreshes(0))
        .catch((error: unknown) => {
          console.warn('Scheduled token refresh failed; will retry', error);
          setFailedRefreshes((count) => count + 1);
        });
    }, delayMs);
    return () => window.clearTimeout(timer);
  }, [token, failedRefreshes, refresh]);
}
