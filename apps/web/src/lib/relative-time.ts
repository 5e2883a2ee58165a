import { formatDate } from './format';

const minuteMs = 60_000;
const hourMs = 60 * minuteMs;
const dayMs = 24 * hourMs;

const exactFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'full', timeStyle: 'short' });

function plural(count: number, unit: string): string {
  return `${count} ${unit}${count === 1 ? '' : 's'} ago`;
}

/**
 * How long ago a wire timestamp (ISO 8601) was, for lists: "just now", "3 min ago", "2 hours ago", "yesterday",
 * "4 days ago", then the date. A time ahead of `nowMs` (another device's clock) counts as just now.
 */
export function formatRelativeTime(iso: string, nowMs: number = Date.now()): string {
  const thenMs = new Date(iso).getTime();
  if (Number.isNaN(thenMs)) return '';
  const elapsedMs = nowMs - thenMs;
  if (elapsedMs < minuteMs) return 'just now';
  if (elapsedMs < hourMs) return `${Math.floor(elapsedMs / minuteMs)} min ago`;
  if (elapsedMs < dayMs) return plural(Math.floor(elapsedMs / hourMs), 'hour');
  const days = Math.floor(elapsedMs / dayMs);
  if (days === 1) return 'yesterday';
  if (days < 7) return plural(days, 'day');
  return formatDate(iso);
}

/** The full date and time in the reader's locale, e.g. for the tooltip of a relative time. */
export function formatExactTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : exactFormat.format(date);
}
