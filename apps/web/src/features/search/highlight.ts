import { taskLabelsSeparator } from '@deckhand/contract/search';
/** A run of text, marked when it is part of what matched. */
export interface TextPart {
  text: string;
  marked: boolean;
}

/** A `[start, end)` range of character offsets (the wire's tuples arrive as arrays). */
export type TextRange = readonly number[];

/** The ranges clamped to `length`, sorted, with empty ones dropped and overlapping or touching ones joined. */
export function normalizeRanges(ranges: readonly TextRange[], length: number): [number, number][] {
  const clamped: [number, number][] = [];
  for (const [rawStart = 0, rawEnd = 0] of ranges) {
    const start = Math.max(0, Math.min(length, Math.trunc(rawStart)));
    const end = Math.max(0, Math.min(length, Math.trunc(rawEnd)));
    if (end > start) clamped.push([start, end]);
  }
  clamped.sort((a, b) => a[0] - b[0]);
  const joined: [number, number][] = [];
  for (const range of clamped) {
    const last = joined.at(-1);
    if (last && range[0] <= last[1]) last[1] = Math.max(last[1], range[1]);
    else joined.push(range);
  }
  return joined;
}

/**
 * `text` cut into plain and marked parts at `ranges`; whatever the server sends (out of bounds, overlapping,
 * unsorted), the parts put together are `text` again.
 */
export function splitHighlights(text: string, ranges: readonly TextRange[]): TextPart[] {
  const parts: TextPart[] = [];
  let at = 0;
  for (const [start, end] of normalizeRanges(ranges, text.length)) {
    if (start > at) parts.push({ text: text.slice(at, start), marked: false });
    parts.push({ text: text.slice(start, end), marked: true });
    at = end;
  }
  if (at < text.length || parts.length === 0) parts.push({ text: text.slice(at), marked: false });
  return parts;
}

/** A result's title with its marks, and the rest of its snippet with theirs (empty when the title is all of it). */
export interface TitleAndRest {
  titleRanges: [number, number][];
  rest: string;
  restRanges: [number, number][];
}

/**
 * The snippet cut at the end of `title`, when it begins with it: a task's snippet is its title and then its labels,
 * a file's is its name, so the palette marks the words in the title itself rather than showing the title twice.
 * Null when the snippet is other text (a card's body, a message) or starts elsewhere ("…" after a cut).
 */
export function titleAndRest(title: string, snippet: string, ranges: readonly TextRange[]): TitleAndRest | null {
  if (title === '' || !snippet.startsWith(title)) return null;
  const restStart = snippet.startsWith(taskLabelsSeparator, title.length)
    ? title.length + taskLabelsSeparator.length
    : title.length;
  const titleRanges: [number, number][] = [];
  const restRanges: [number, number][] = [];
  for (const [start, end] of normalizeRanges(ranges, snippet.length)) {
    if (start < title.length) titleRanges.push([start, Math.min(end, title.length)]);
    if (end > restStart) restRanges.push([Math.max(start, restStart) - restStart, end - restStart]);
  }
  return { titleRanges, rest: snippet.slice(restStart), restRanges };
}

/**
 * Where each of `words` occurs in `name` (ignoring case), preferring the start of a word; null when one of them
 * does not occur at all. Used for what the palette matches itself: project and action names.
 */
export function matchWords(name: string, words: readonly string[]): [number, number][] | null {
  const lower = name.toLowerCase();
  const ranges: [number, number][] = [];
  for (const word of words) {
    const needle = word.toLowerCase();
    if (needle === '') continue;
    const atWordStart = new RegExp(`(^|[^\\p{L}\\p{N}])${escapeRegExp(needle)}`, 'u').exec(lower);
    const start = atWordStart ? atWordStart.index + (atWordStart[1]?.length ?? 0) : lower.indexOf(needle);
    if (start < 0) return null;
    ranges.push([start, start + needle.length]);
  }
  return normalizeRanges(ranges, name.length);
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
