import * as Sentry from '@sentry/react';
import type { Config } from '../client-config';
import type { EarlyError } from './early-errors';
import type { FeedbackFields, Reporter } from './feedback';
import replayWorkerUrl from './replay-worker.ts?worker&url';

/** What the feedback form asks for, known once the SDK has started (null while it has not). */
let feedbackFields: FeedbackFields | null = null;

/**
 * Starts the Sentry SDK, session replay included, with this instance's runtime configuration: sent to the instance's
 * own intake unless SENTRY_DSN points elsewhere. The errors that happened before it started are reported first. The
 * feedback dialog (`openFeedback`) is a chunk of its own, added to the running client when first asked for.
 */
export function startErrorReporting(config: Config, earlyErrors: EarlyError[]): void {
  Sentry.init(sentryOptions(config));
  feedbackFields = { name: config.feedbackRequireName, email: config.feedbackRequireEmail };
  reportEarlyErrors(earlyErrors);
}

/** Reports errors held until the SDK started, as unhandled, as its global handlers would have reported them. */
export function reportEarlyErrors(earlyErrors: EarlyError[]): void {
  for (const { error, mechanism } of earlyErrors) {
    Sentry.captureException(error, { mechanism: { handled: false, type: mechanism } });
  }
}

/**
 * `Sentry.init`'s options. Spec §9's replay sampling: 10 % of sessions are recorded whole, and every other session
 * keeps its last minute in memory (replay runs in all of them), sent along with an error. Replay compresses in our
 * own worker (replay-worker.ts): the build leaves the SDK's out (`__SENTRY_EXCLUDE_REPLAY_WORKER__`).
 */
export function sentryOptions(config: Config): Sentry.BrowserOptions {
  const ownIntake = config.sentryOwnIntake;
  return {
    dsn: config.sentryDsn,
    release: config.version,
    environment: import.meta.env.MODE,
    integrations: (defaults) => [
      ...defaultsKept(defaults, ownIntake),
      Sentry.replayIntegration({ workerUrl: replayWorkerUrl }),
    ],
    sendClientReports: !ownIntake,
    replaysSessionSampleRate: 0.1,
    replaysOnErrorSampleRate: 1.0,
  };
}

/**
 * The SDK's default integrations worth running for this intake. The instance's own intake drops release-health
 * sessions, which the browser would otherwise send at every page load and navigation: envelopes that count
 * against the address's limit (reportLimits), so people behind one address could see their real reports refused.
 */
export function defaultsKept<T extends { name: string }>(defaults: T[], ownIntake: boolean): T[] {
  return ownIntake ? defaults.filter((integration) => integration.name !== 'BrowserSession') : defaults;
}

/** The signed-in person's id only: never their email or name (issue 6). */
export function setReportingUser(id: string | null): void {
  Sentry.setUser(id === null ? null : { id });
}

export function captureError(error: unknown): void {
  Sentry.captureException(error);
}

/** Fetches the feedback dialog's chunk ahead of a click on **Report a problem**; nothing when not configured. */
export async function preloadFeedback(): Promise<void> {
  if (feedbackFields) await import('./feedback');
}

/** Opens the feedback dialog, fetching its chunk first if it has not been fetched yet. */
export async function openFeedback(reporter: Reporter | null): Promise<void> {
  const fields = feedbackFields;
  if (!fields) throw new Error('Error reporting is not configured');
  const { openFeedbackForm } = await import('./feedback');
  await openFeedbackForm(fields, reporter);
}
