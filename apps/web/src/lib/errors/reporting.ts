/**
 * The app's side of error reporting, small enough for the first load: the Sentry SDK (`./sentry`, session replay
 * included) is fetched once the page has been painted, and every call here waits for it. Errors nobody caught before
 * then are held (`./early-errors`) and reported as it starts. The feedback dialog's code comes when first needed.
 */
import { afterFirstPaint } from '../after-first-paint';
import { loadClientConfig } from '../client-config';
import { takeEarlyErrors } from './early-errors';
import type { Reporter } from './feedback';

type Reporting = typeof import('./sentry');

let loading: Promise<Reporting | null> | null = null;

async function startReporting(): Promise<Reporting | null> {
  const config = await loadClientConfig();
  if (config.sentryDsn === '') {
    takeEarlyErrors(); // nothing will report them
    return null;
  }
  await afterFirstPaint();
  const reporting = await import('./sentry');
  reporting.startErrorReporting(config, takeEarlyErrors());
  return reporting;
}

/** Loads and starts the SDK once; resolves null when it could not start (offline, no configuration). */
export function loadErrorReporting(): Promise<Reporting | null> {
  loading ??= startReporting().catch((error: unknown) => {
    console.warn('Error reporting could not start', error);
    loading = null;
    return null;
  });
  return loading;
}

export function setReportingUser(id: string | null): void {
  void loadErrorReporting().then((reporting) => reporting?.setReportingUser(id));
}

/** For errors the routes' error boundary catches, which Sentry's global handlers never see. */
export function reportError(error: unknown): void {
  void loadErrorReporting().then((reporting) => reporting?.captureError(error));
}

/**
 * Fetches the feedback dialog's code once the SDK has started, for pages that offer **Report a problem**, so that the
 * dialog opens at once when asked; the pages that do not (the landing and sign-in pages) never fetch it.
 */
export function preloadFeedbackDialog(): void {
  void loadErrorReporting()
    .then((reporting) => reporting?.preloadFeedback())
    .catch((error: unknown) => console.warn('The feedback dialog could not be preloaded', error));
}

/** The dialog on its way: asked for again meanwhile (a second click while its code loads), it still opens once. */
let opening: Promise<void> | null = null;

/** Opens the feedback dialog (**Report a problem**), fetching its code first if needed. Rejects when it cannot. */
export function openFeedbackDialog(reporter: Reporter | null): Promise<void> {
  opening ??= (async () => {
    const reporting = await loadErrorReporting();
    if (!reporting) throw new Error('Error reporting is not available');
    await reporting.openFeedback(reporter);
  })().finally(() => {
    opening = null;
  });
  return opening;
}
