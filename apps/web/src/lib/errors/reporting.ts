/**
 * The app's side of error reporting, small enough for the first load: the Sentry SDK itself (`./sentry`) is fetched
 * once the app shell has rendered, and every call here waits for it.
 */
import type { Reporter } from './sentry';

type Reporting = typeof import('./sentry');

let loading: Promise<Reporting | null> | null = null;

/** Loads and starts the SDK once; resolves null when it could not start (offline, no configuration). */
export function loadErrorReporting(): Promise<Reporting | null> {
  loading ??= import('./sentry')
    .then(async (reporting) => {
      await reporting.initErrorReporting();
      return reporting;
    })
    .catch((error: unknown) => {
      console.warn('Error reporting could not start', error);
      loading = null;
      return null;
    });
  return loading;
}

export function setReportingUser(id: string | null): void {
  void loadErrorReporting().then((reporting) => reporting?.setReportingUser(id));
}

/** For errors React Router catches, which Sentry's global handlers never see. */
export function reportError(error: unknown): void {
  void loadErrorReporting().then((reporting) => reporting?.captureError(error));
}

/** Opens the feedback dialog (**Report a problem**). Rejects when it cannot be shown. */
export async function openFeedbackDialog(reporter: Reporter | null): Promise<void> {
  const reporting = await loadErrorReporting();
  if (!reporting) throw new Error('Error reporting is not available');
  await reporting.openFeedback(reporter);
}
