/** Text helpers shared by the Trello conversion. */

/** `text` cut to at most `max` UTF-16 units (what the contract's `.max()` counts) without splitting a pair. */
export function cutText(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  return /[\uD800-\uDBFF]$/.test(cut) ? cut.slice(0, -1) : cut;
}

/** Like cutText, with an ellipsis to show that something was left out. */
export function shortenText(text: string, max: number): string {
  return text.length <= max ? text : `${cutText(text, max - 1)}…`;
}

/** The ISO form of a Trello date, or null when it is missing or unreadable. */
export function isoOrNull(value: string | null | undefined): string | null {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

/** Names match when equal once trimmed, ignoring case; an empty name matches nothing. */
export function sameName(a: string | null | undefined, b: string | null | undefined): boolean {
  const left = a?.trim().toLowerCase() ?? '';
  return left !== '' && left === (b?.trim().toLowerCase() ?? '');
}

const commentDate = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
  timeZone: 'UTC',
});

/** "3 Mar 2024, 14:05 UTC": the server cannot know the reader's time zone, so it says which one it used. */
export function formatCommentDate(iso: string): string {
  return `${commentDate.format(new Date(iso))} UTC`;
}

/** “name”, as warnings quote what the person typed. */
export function quoted(name: string): string {
  return `“${name}”`;
}

/** "1 card", "2 cards". */
export function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}
