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

/**
 * Calls `refresh` shortly before `token` expires, and again every few seconds while it fails. `refresh` is given
 * the token it was scheduled for: a timer can fire just after another tab's newer token arrived here, and the
 * refresh must then see that a newer token exists rather than take the newer one as the one to replace.
 */
export function useScheduledRefresh(token: string | null, refresh: (expiring: string) => Promise<unknown>): void {
  const [failedRefreshes, setFailedRefreshes] = useState(0);

  useEffect(() => {
    if (token === null) return;
    const { expiresAtMs } = readTokenClaims(token);
    if (expiresAtMs === null) return;
    const untilLead = expiresAtMs - refreshLeadMs - Date.now();
    const delayMs = failedRefreshes > 0 ? refreshRetryMs : Math.max(minRefreshDelayMs, untilLead);
    const timer = window.setTimeout(() => {
      refresh(token)
        .then(() => setFailedRefreshes(0))
        .catch((error: unknown) => {
          console.warn('Scheduled token refresh failed; will retry', error);
          setFailedRefreshes((count) => count + 1);
        });
    }, delayMs);
    return () => window.clearTimeout(timer);
  }, [token, failedRefreshes, refresh]);
}
