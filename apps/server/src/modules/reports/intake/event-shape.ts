import type { ReportEvent, ReportException, ReportFrame } from '@deckhand/contract/reports';
import { z } from 'zod';
import { browserFromUserAgent, osFromUserAgent } from './user-agent';

// Events are whatever a client sent: each field falls back to "absent" when it has the wrong type,
// so one odd field costs that field, not the event.
const text = z.string().optional().catch(undefined);
const num = z.number().optional().catch(undefined);
function part<T extends z.ZodRawShape>(shape: T) {
  return z.object(shape).optional().catch(undefined);
}
function list<T extends z.ZodType>(item: T) {
  return z.array(item).optional().catch(undefined);
}
const anyRecord = z.record(z.string(), z.unknown()).optional().catch(undefined);

const Frame = z.object({
  filename: text,
  abs_path: text,
  module: text,
  function: text,
  lineno: num,
  colno: num,
  in_app: z.boolean().optional().catch(undefined),
});
const ExceptionValue = z.object({ type: text, value: text, stacktrace: part({ frames: list(Frame) }) });

/** The parts of a Sentry event payload (`event` and `feedback` items) that Deckhand keeps. */
export const SentryEvent = z.object({
  event_id: text,
  timestamp: z.union([z.number(), z.string()]).optional().catch(undefined),
  platform: text,
  level: text,
  release: text,
  environment: text,
  message: z
    .union([z.string(), z.object({ formatted: text, message: text })])
    .optional()
    .catch(undefined),
  logentry: part({ formatted: text, message: text }),
  exception: part({ values: list(ExceptionValue) }),
  user: part({ id: z.union([z.string(), z.number()]).optional().catch(undefined) }),
  request: part({ url: text, headers: anyRecord }),
  tags: anyRecord,
  contexts: part({
    browser: part({ name: text, version: text }),
    os: part({ name: text, version: text }),
    replay: part({ replay_id: text }),
    feedback: part({
      message: text,
      name: text,
      contact_email: text,
      url: text,
      associated_event_id: text,
      replay_id: text,
    }),
  }),
});
export type SentryEvent = z.infer<typeof SentryEvent>;

/** Stored sizes: the admin page needs the gist and the stack, not a megabyte of one event. */
const limits = { exceptions: 5, frames: 50, shortText: 200, text: 4000, url: 2048 };

export function cut(value: string | undefined | null, max: number): string | null {
  if (value === undefined || value === null) return null;
  return value.length > max ? `${value.slice(0, max - 1)}…` : value;
}

/** Only http(s) addresses are kept: the admin page may render them as links, and `javascript:` must not get there. */
export function httpUrl(value: string | undefined | null): string | null {
  if (!value || !URL.canParse(value)) return null;
  const { protocol } = new URL(value);
  return protocol === 'http:' || protocol === 'https:' ? cut(value, limits.url) : null;
}

const replayIdPattern = /^[0-9a-f]{32}$/;

export function replayIdOf(event: SentryEvent): string | null {
  const tagged = event.tags?.replayId;
  const candidates = [event.contexts?.replay?.replay_id, event.contexts?.feedback?.replay_id, tagged];
  return candidates.find((c): c is string => typeof c === 'string' && replayIdPattern.test(c)) ?? null;
}

export function userIdOf(event: SentryEvent): string | null {
  const id = event.user?.id;
  return id === undefined ? null : cut(String(id), limits.shortText);
}

function headerOf(headers: Record<string, unknown> | undefined, name: string): string | undefined {
  const entry = Object.entries(headers ?? {}).find(([key]) => key.toLowerCase() === name);
  return typeof entry?.[1] === 'string' ? entry[1] : undefined;
}

/** Seconds since the epoch or an ISO string; anything implausible becomes the time it arrived. */
function timestampOf(value: number | string | undefined, receivedAt: Date): string {
  const ms = typeof value === 'number' ? value * 1000 : typeof value === 'string' ? Date.parse(value) : Number.NaN;
  const plausible = Number.isFinite(ms) && ms > Date.UTC(2000, 0) && ms < receivedAt.getTime() + 86_400_000;
  return new Date(plausible ? ms : receivedAt.getTime()).toISOString();
}

function messageOf(event: SentryEvent): string | null {
  const { message, logentry } = event;
  const fromMessage = typeof message === 'string' ? message : (message?.formatted ?? message?.message);
  return cut(logentry?.formatted ?? logentry?.message ?? fromMessage, limits.text);
}

function toFrame(frame: z.infer<typeof Frame>): ReportFrame {
  const line = (n: number | undefined) => (n !== undefined && Number.isSafeInteger(n) ? n : null);
  return {
    filename: cut(frame.filename ?? frame.abs_path ?? frame.module, limits.url),
    function: cut(frame.function, limits.shortText),
    lineno: line(frame.lineno),
    colno: line(frame.colno),
    in_app: frame.in_app ?? false,
  };
}

function toException(value: z.infer<typeof ExceptionValue>): ReportException {
  const frames = value.stacktrace?.frames ?? [];
  return {
    type: cut(value.type, limits.shortText) ?? 'Error',
    value: cut(value.value, limits.text) ?? '',
    // Frames are oldest first: the newest ones, nearest the throw, are the ones worth keeping.
    stacktrace: { frames: frames.slice(-limits.frames).map(toFrame) },
  };
}

/** The trimmed event the admin page shows. */
export function toReportEvent(event: SentryEvent, eventId: string, receivedAt: Date): ReportEvent {
  const userAgent = headerOf(event.request?.headers, 'user-agent') ?? null;
  const { browser, os } = event.contexts ?? {};
  const named = (ctx: { name?: string | undefined; version?: string | undefined } | undefined) =>
    ctx?.name ? cut([ctx.name, ctx.version].filter(Boolean).join(' '), limits.shortText) : null;
  return {
    event_id: eventId,
    timestamp: timestampOf(event.timestamp, receivedAt),
    platform: cut(event.platform, 40) ?? 'javascript',
    level: cut(event.level, 20) ?? 'error',
    message: messageOf(event),
    browser: named(browser) ?? (userAgent ? browserFromUserAgent(userAgent) : null),
    os: named(os) ?? (userAgent ? osFromUserAgent(userAgent) : null),
    user_agent: cut(userAgent, 512),
    release: cut(event.release, limits.shortText),
    environment: cut(event.environment, limits.shortText),
    user_id: userIdOf(event),
    url: httpUrl(event.request?.url),
    replay_id: replayIdOf(event),
    exception: (event.exception?.values ?? []).slice(-limits.exceptions).map(toException),
  };
}
