const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

/** A wire timestamp (ISO 8601) as a date in the reader's locale, e.g. "12 May 2026". */
export function formatDate(iso: string): string {
  return dateFormat.format(new Date(iso));
}

const dateTimeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** A wire timestamp (ISO 8601) as a date and time in the reader's locale, e.g. "12 May 2026, 14:05". */
export function formatDateTime(iso: string): string {
  return dateTimeFormat.format(new Date(iso));
}
