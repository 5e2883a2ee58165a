import { z } from 'zod';

/** Limits of the error-report intake (`/ingest/api/:projectId/envelope/`). */
export const reportLimits = {
  /** One envelope, before and after decompression. */
  envelopeBytes: 20 * 1024 * 1024,
  envelopesPerAddressPerMinute: 120,
  envelopesPerUserPerMinute: 60,
} as const;

export const reportPageSize = { default: 50, max: 200 } as const;

/** One stack frame, oldest first as Sentry orders them: the last frame is where the error was thrown. */
export const ReportFrame = z.object({
  filename: z.string().nullable(),
  function: z.string().nullable(),
  lineno: z.number().int().nullable(),
  colno: z.number().int().nullable(),
  in_app: z.boolean(),
});
export type ReportFrame = z.infer<typeof ReportFrame>;

/** A thrown error; chained causes come first and the error that was caught comes last. */
export const ReportException = z.object({
  type: z.string(),
  value: z.string(),
  stacktrace: z.object({ frames: z.array(ReportFrame) }),
});
export type ReportException = z.infer<typeof ReportException>;

/** The latest event of an error group, trimmed to what the admin page shows. */
export const ReportEvent = z.object({
  event_id: z.string(),
  timestamp: z.iso.datetime(),
  platform: z.string(),
  level: z.string(),
  /** For events without an exception (captureMessage). */
  message: z.string().nullable(),
  /** E.g. "Chrome 126", from the browser context or the User-Agent. */
  browser: z.string().nullable(),
  os: z.string().nullable(),
  user_agent: z.string().nullable(),
  release: z.string().nullable(),
  environment: z.string().nullable(),
  user_id: z.string().nullable(),
  url: z.string().nullable(),
  /** Session replay recorded around this event, if any (see the replay endpoints). */
  replay_id: z.string().nullable(),
  exception: z.array(ReportException),
});
export type ReportEvent = z.infer<typeof ReportEvent>;

/** Events with the same fingerprint (exception type, message, top in-app frame). */
export const ErrorGroup = z.object({
  id: z.uuid(),
  title: z.string(),
  culprit: z.string().nullable(),
  count: z.number().int().min(1),
  /** Distinct user ids seen in the group's events. */
  users: z.number().int().min(0),
  first_seen: z.iso.datetime(),
  last_seen: z.iso.datetime(),
  latest_event: ReportEvent,
});
export type ErrorGroup = z.infer<typeof ErrorGroup>;

/** Most recently seen first. */
export const ErrorGroupListQuery = z.strictObject({
  limit: z.coerce.number().int().min(1).max(reportPageSize.max).default(reportPageSize.default),
  offset: z.coerce.number().int().min(0).max(100_000).default(0),
});
export type ErrorGroupListQuery = z.infer<typeof ErrorGroupListQuery>;

export const ReportAttachment = z.object({
  id: z.uuid(),
  name: z.string(),
  content_type: z.string(),
  size: z.number().int().min(0),
  /** Same-origin API path; fetch it with the Bearer token (e.g. into a blob: URL for an <img>). */
  url: z.string(),
});
export type ReportAttachment = z.infer<typeof ReportAttachment>;

export const Feedback = z.object({
  id: z.uuid(),
  message: z.string(),
  name: z.string().nullable(),
  email: z.string().nullable(),
  /** The page the feedback was sent from. */
  url: z.string().nullable(),
  user_id: z.string().nullable(),
  /** The error event the feedback is about (Sentry's associated_event_id), if any. */
  event_id: z.string().nullable(),
  replay_id: z.string().nullable(),
  created_at: z.iso.datetime(),
  attachments: z.array(ReportAttachment),
});
export type Feedback = z.infer<typeof Feedback>;

/** Newest first; pass the last id seen as `before` for the next page. */
export const FeedbackListQuery = z.strictObject({
  limit: z.coerce.number().int().min(1).max(reportPageSize.max).default(reportPageSize.default),
  before: z.uuid().optional(),
});
export type FeedbackListQuery = z.infer<typeof FeedbackListQuery>;

export const AttachmentParams = z.object({ attachmentId: z.uuid() });
export type AttachmentParams = z.infer<typeof AttachmentParams>;

export const ReplayParams = z.object({ replayId: z.string().regex(/^[0-9a-f]{32}$/) });
export type ReplayParams = z.infer<typeof ReplayParams>;

/** A recorded session replay; its rrweb events are at `events_url`, ready for rrweb-player. */
export const Replay = z.object({
  replay_id: z.string(),
  segments: z.number().int().min(1),
  size: z.number().int().min(0),
  started_at: z.iso.datetime(),
  last_seen: z.iso.datetime(),
  events_url: z.string(),
});
export type Replay = z.infer<typeof Replay>;

/** The Sentry intake's path parameters. */
export const IngestParams = z.object({ projectId: z.string().max(100) });
export type IngestParams = z.infer<typeof IngestParams>;

/** What the intake answers to an accepted envelope (Sentry answers the event id). */
export const IngestAccepted = z.object({ id: z.string().nullable() });
export type IngestAccepted = z.infer<typeof IngestAccepted>;
