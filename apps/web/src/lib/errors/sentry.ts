import { ClientConfig } from '@deckhand/contract/client-config';
import * as Sentry from '@sentry/react';
import { apiData } from '../api';

type Feedback = ReturnType<typeof Sentry.feedbackIntegration>;

let feedback: Feedback | null = null;
/** Which of name and email the feedback form asks for (FEEDBACK_REQUIRE_NAME, FEEDBACK_REQUIRE_EMAIL). */
let asked = { name: false, email: false };

/** Who is reporting, to fill in the fields the form asks for. */
export interface Reporter {
  name: string;
  email: string;
}

/**
 * Starts the Sentry SDK with this instance's runtime configuration (GET /api/client-config): errors, session replays
 * (spec §9: 10% of sessions, every session with an error) and the feedback dialog, sent to the instance's own intake
 * unless SENTRY_DSN points elsewhere.
 */
export async function initErrorReporting(): Promise<void> {
  const config = await apiData(ClientConfig, 'client-config');
  if (config.sentryDsn === '') return;
  asked = { name: config.feedbackRequireName, email: config.feedbackRequireEmail };
  const dialog = Sentry.feedbackIntegration({
    // Opened from the Account menu and the error page only: no floating button over the board.
    autoInject: false,
    showBranding: false,
    enableScreenshot: true,
    colorScheme: 'system',
    // Deckhand's own colours (index.css) rather than Sentry's purple.
    themeLight: {
      accentBackground: '#2747b8',
      accentForeground: '#ffffff',
      foreground: '#16181d',
      background: '#ffffff',
    },
    themeDark: { accentBackground: '#8eaaff', accentForeground: '#0b1020' },
    // Name and email are asked for only when the instance requires them.
    showName: config.feedbackRequireName,
    showEmail: config.feedbackRequireEmail,
    isNameRequired: config.feedbackRequireName,
    isEmailRequired: config.feedbackRequireEmail,
    useSentryUser: { name: 'name', email: 'email' },
    formTitle: 'Report a problem',
    messagePlaceholder: 'What happened? What did you expect?',
    submitButtonLabel: 'Send report',
    successMessageText: 'Thank you for your report!',
  });
  feedback = dialog;
  const ownIntake = config.sentryOwnIntake;
  Sentry.init({
    dsn: config.sentryDsn,
    release: config.version,
    environment: import.meta.env.MODE,
    integrations: (defaults) => [...defaultsKept(defaults, ownIntake), Sentry.replayIntegration(), dialog],
    sendClientReports: !ownIntake,
    replaysSessionSampleRate: 0.1,
    replaysOnErrorSampleRate: 1.0,
  });
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

/**
 * Opens Sentry's feedback dialog in a fresh form, removed from the page again when it closes. The fields the form
 * asks for start out as the reporter's profile says.
 */
export async function openFeedback(reporter: Reporter | null): Promise<void> {
  const integration = feedback;
  if (!integration) throw new Error('Error reporting is not configured');
  // The form takes its defaults from the scope's user as it is created (`useSentryUser`). They go on a scope of
  // this call alone, so the errors and replays Sentry sends keep carrying the person's id only; and only what the
  // form shows, since it would send hidden defaults along unseen.
  const form = await Sentry.withScope((scope) => {
    if (reporter) {
      scope.setUser({
        ...Sentry.getIsolationScope().getUser(),
        ...(asked.name ? { name: reporter.name } : {}),
        ...(asked.email ? { email: reporter.email } : {}),
      });
    }
    return integration.createForm({ onFormClose: () => form.removeFromDom() });
  });
  form.appendToDom();
  form.open();
}
