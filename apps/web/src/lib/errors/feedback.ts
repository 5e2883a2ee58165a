import * as Sentry from '@sentry/react';

type Feedback = ReturnType<typeof Sentry.feedbackIntegration>;

/** Which of name and email the feedback form asks for (FEEDBACK_REQUIRE_NAME, FEEDBACK_REQUIRE_EMAIL). */
export interface FeedbackFields {
  name: boolean;
  email: boolean;
}

/** Who is reporting, to fill in the fields the form asks for. */
export interface Reporter {
  name: string;
  email: string;
}

let feedback: Feedback | null = null;

function createFeedback(fields: FeedbackFields): Feedback {
  return Sentry.feedbackIntegration({
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
    showName: fields.name,
    showEmail: fields.email,
    isNameRequired: fields.name,
    isEmailRequired: fields.email,
    useSentryUser: { name: 'name', email: 'email' },
    formTitle: 'Report a problem',
    messagePlaceholder: 'What happened? What did you expect?',
    submitButtonLabel: 'Send report',
    successMessageText: 'Thank you for your report!',
  });
}

/** The feedback integration, added to the running client the first time someone reports a problem. */
function feedbackOf(fields: FeedbackFields): Feedback {
  if (!feedback) {
    feedback = createFeedback(fields);
    Sentry.addIntegration(feedback);
  }
  return feedback;
}

/**
 * Opens Sentry's feedback dialog in a fresh form, removed from the page again when it closes. The fields the form
 * asks for start out as the reporter's profile says.
 */
export async function openFeedbackForm(fields: FeedbackFields, reporter: Reporter | null): Promise<void> {
  const integration = feedbackOf(fields);
  // The form takes its defaults from the scope's user as it is created (`useSentryUser`). They go on a scope of
  // this call alone, so the errors and replays Sentry sends keep carrying the person's id only; and only what the
  // form shows, since it would send hidden defaults along unseen.
  const form = await Sentry.withScope((scope) => {
    if (reporter) {
      scope.setUser({
        ...Sentry.getIsolationScope().getUser(),
        ...(fields.name ? { name: reporter.name } : {}),
        ...(fields.email ? { email: reporter.email } : {}),
      });
    }
    return integration.createForm({ onFormClose: () => form.removeFromDom() });
  });
  form.appendToDom();
  form.open();
}
