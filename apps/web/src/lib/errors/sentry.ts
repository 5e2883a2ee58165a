import { ClientConfig } from '@deckhand/contract/client-config';
import * as Sentry from '@sentry/react';
import { apiData } from '../api';
import type { Camelize } from '../case';
import type { FeedbackFields, Reporter } from './feedback';

/** What the feedback form asks for, known once the SDK has started (null while it is not configured). */
let feedbackFields: FeedbackFields | null = null;

/**
 * Starts the Sentry SDK for errors with this instance's runtime configuration (GET /api/client-config), sent to the
 * instance's own intake unless SENTRY_DSN points elsewhere. Session replay (`startReplay`) and the feedback dialog
 * (`openFeedback`) are separate chunks, added to the running client later.
 */
export async function initErrorReporting(): Promise<void> {
  const config = await apiData(ClientConfig, 'client-config');
  if (config.sentryDsn === '') return;
  Sentry.init(sentryOptions(config));
  feedbackFields = { name: config.feedbackRequireName, email: config.feedbackRequireEmail };
}

/** `Sentry.init`'s options; the replay rates are read by the replay integration whenever it is added (spec §9). */
export function sentryOptions(config: Camelize<ClientConfig>): Sentry.BrowserOptions {
  const ownIntake = config.sentryOwnIntake;
  return {
    dsn: config.sentryDsn,
    release: config.version,
    environment: import.meta.env.MODE,
    integrations: (defaults) => defaultsKept(defaults, ownIntake),
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

/**
 * Adds session replay to the running client; nothing when the SDK is not configured. Its chunk is bigger than the
 * rest of the SDK, so it is fetched only once the page has been shown.
 */
export async function startReplay(): Promise<void> {
  if (!Sentry.isInitialized()) return;
  const { addReplay } = await import('./replay');
  addReplay();
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
