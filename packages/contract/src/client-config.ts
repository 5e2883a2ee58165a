import { z } from 'zod';

/** Runtime configuration the web app loads at start, so one build serves every instance. No secrets. */
export const ClientConfig = z.object({
  version: z.string(),
  oidc_google_enabled: z.boolean(),
  /** Where the Sentry SDK sends errors, replays and feedback: SENTRY_DSN, else this instance's own intake. */
  sentry_dsn: z.string(),
  /**
   * Whether sentry_dsn is this instance's own intake (no SENTRY_DSN). It keeps errors, replays and feedback and
   * drops the rest (release-health sessions, client reports), so the SDK does not send those to it: they would only
   * use up the envelopes an address may send a minute.
   */
  sentry_own_intake: z.boolean(),
  /** Whether the feedback dialog asks for a name and an email (FEEDBACK_REQUIRE_NAME, FEEDBACK_REQUIRE_EMAIL). */
  feedback_require_name: z.boolean(),
  feedback_require_email: z.boolean(),
  /** FILE_MAX_BYTES: the app refuses a bigger file before uploading it. */
  file_max_bytes: z.number().int().positive(),
});
export type ClientConfig = z.infer<typeof ClientConfig>;
