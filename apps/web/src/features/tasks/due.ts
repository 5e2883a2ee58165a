/** Where a due moment falls for the reader, in their own time zone: what My work groups by. */
export type DueGroup = 'overdue' | 'today' | 'week' | 'later' | 'none';

function startOfDay(ms: number): number {
  const date = new Date(ms);
  date.setHours(0, 0, 0, 0);
  return date.getTime();
}

const dayMs = 24 * 60 * 60 * 1000;

/**
 * Overdue (the moment has passed), today (later today), this week (within the next 7 days), later, or no date.
 * "This week" is the coming seven days rather than the calendar week, so Sunday evening still has a week ahead.
 */
export function dueGroup(dueAt: string | null, nowMs: number = Date.now()): DueGroup {
  if (!dueAt) return 'none';
  const due = new Date(dueAt).getTime();
  if (Number.isNaN(due)) return 'none';
  if (due < nowMs) return 'overdue';
  const today = startOfDay(nowMs);
  if (due < today + dayMs) return 'today';
  if (due < today + 8 * dayMs) return 'week';
  return 'later';
}

export function isOverdue(dueAt: string | null, doneAt: string | null, nowMs: number = Date.now()): boolean {
  return doneAt === null && dueGroup(dueAt, nowMs) === 'overdue';
}

const timeFormat = new Intl.DateTimeFormat(undefined, { timeStyle: 'short' });
const weekdayFormat = new Intl.DateTimeFormat(undefined, { weekday: 'short', day: 'numeric', month: 'short' });
const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

/** A due moment as a list shows it: "Today 15:00", "Tomorrow 09:00", "Tue 3 Dec", "3 Dec 2027". */
export function formatDue(dueAt: string, nowMs: number = Date.now()): string {
  const due = new Date(dueAt);
  const dayDiff = Math.round((startOfDay(due.getTime()) - startOfDay(nowMs)) / dayMs);
  if (dayDiff === 0) return `Today ${timeFormat.format(due)}`;
  if (dayDiff === 1) return `Tomorrow ${timeFormat.format(due)}`;
  if (dayDiff === -1) return `Yesterday ${timeFormat.format(due)}`;
  if (Math.abs(dayDiff) < 180) return weekdayFormat.format(due);
  return dateFormat.format(due);
}

/** The value of an <input type="datetime-local"> for a wire timestamp, in the reader's time zone. */
export function toLocalInput(iso: string | null): string {
  if (!iso) return '';
  const date = new Date(iso);
  const local = new Date(date.getTime() - date.getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, 16);
}

/** A wire timestamp from an <input type="datetime-local"> value (the reader's time zone); null when empty. */
export function fromLocalInput(value: string): string | null {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}
