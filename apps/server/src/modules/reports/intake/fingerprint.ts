import { createHash } from 'node:crypto';
import type { ReportEvent, ReportFrame } from '@deckhand/contract/reports';

export interface GroupKey {
  fingerprint: string;
  title: string;
  culprit: string | null;
}

/**
 * Ids and timestamps inside messages would split one bug into many groups. Short numbers stay:
 * "status = 404" and "status = 500" are different problems.
 */
export function normalizeMessage(message: string): string {
  return message
    .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi, '<uuid>')
    .replace(/\b[0-9a-f]{16,}\b/gi, '<hex>')
    .replace(/\d{5,}/g, '<n>');
}

/**
 * A frame's file without origin, query and build hash (`/assets/index-BGk3sQ2x.js` → `/assets/index.js`),
 * so the same code groups alike across instances and releases.
 */
export function normalizeFilename(filename: string): string {
  const withoutOrigin = filename.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/]*/i, '');
  const withoutQuery = withoutOrigin.replace(/[?#].*$/, '');
  return withoutQuery.replace(/[-.]([A-Za-z0-9_-]{8})(?=\.[a-z]+$)/, (whole, hash: string) =>
    /\d|[A-Z]/.test(hash) ? '' : whole,
  );
}

/** The newest in-app frame, else the newest frame. */
export function topFrame(frames: ReportFrame[]): ReportFrame | undefined {
  return frames.findLast((f) => f.in_app) ?? frames.at(-1);
}

function isNamed(fn: string | null): fn is string {
  return fn !== null && fn !== '?' && fn !== '<anonymous>';
}

function frameKey(frame: ReportFrame | undefined): string {
  if (!frame) return '';
  const file = frame.filename ? normalizeFilename(frame.filename) : '';
  // A named function is stable across edits above it; an anonymous one is only known by its line.
  return isNamed(frame.function) ? `${file}|${frame.function}` : `${file}|:${frame.lineno ?? ''}`;
}

function culpritOf(frame: ReportFrame | undefined, url: string | null): string | null {
  if (frame?.filename) {
    const where = `${normalizeFilename(frame.filename)}${frame.lineno === null ? '' : `:${frame.lineno}`}`;
    return isNamed(frame.function) ? `${frame.function} (${where})` : where;
  }
  if (!url || !URL.canParse(url)) return url;
  return new URL(url).pathname;
}

function digest(parts: string[]): string {
  return createHash('sha256').update(JSON.stringify(parts)).digest('hex');
}

/** Groups by exception type, normalised message and top in-app frame; message-only events by message. */
export function groupKeyOf(event: ReportEvent): GroupKey {
  const main = event.exception.at(-1);
  if (main) {
    const frame = topFrame(main.stacktrace.frames);
    return {
      fingerprint: digest(['exception', main.type, normalizeMessage(main.value), frameKey(frame)]),
      title: main.value ? `${main.type}: ${main.value}` : main.type,
      culprit: culpritOf(frame, event.url),
    };
  }
  const message = event.message ?? '';
  return {
    fingerprint: digest(['message', event.level, normalizeMessage(message)]),
    title: message || `(${event.level} event without a message)`,
    culprit: culpritOf(undefined, event.url),
  };
}
