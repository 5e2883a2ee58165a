import { addIntegration, replayIntegration } from '@sentry/react';

/**
 * Starts session replay on the running client. Its own chunk: the integration takes the sampling rates from the
 * client's options as it is set up (`replaysSessionSampleRate`, `replaysOnErrorSampleRate`), so adding it after
 * `Sentry.init` samples as if it had been passed there.
 */
export function addReplay(): void {
  addIntegration(replayIntegration());
}
