import { searchLimits } from '@deckhand/contract/search';
import type { SearchTerm } from '@deckhand/contract/search-query';
import { stemmer } from 'stemmer';

/** What marks a word of a snippet as matched: its stem is a query word's, or it begins with the word being typed. */
export interface HighlightTerms {
  stems: Set<string>;
  prefixes: { word: string; stem: string }[];
}

const wordPattern = /[\p{L}\p{N}]+/gu;

/**
 * The words to mark. The database matches by its own (Snowball) stems; this stems by Porter's, which agree on
 * nearly every word, and the marks are only a help to the eye.
 */
export function highlightTermsOf(terms: SearchTerm[]): HighlightTerms {
  const stems = new Set<string>();
  const prefixes: HighlightTerms['prefixes'] = [];
  for (const term of terms) {
    if (term.negated) continue;
    term.words.forEach((word, i) => {
      if (term.prefix && i === term.words.length - 1) prefixes.push({ word, stem: stemmer(word) });
      else stems.add(stemmer(word));
    });
  }
  return { stems, prefixes };
}

function matches(word: string, terms: HighlightTerms): boolean {
  const lower = word.toLowerCase();
  const stem = stemmer(lower);
  if (terms.stems.has(stem)) return true;
  return terms.prefixes.some((prefix) => lower.startsWith(prefix.word) || stem.startsWith(prefix.stem));
}

export interface Snippet {
  snippet: string;
  highlights: [number, number][];
}

/** How much of the text before the best match a snippet shows, so that the match is read in its sentence. */
const leadChars = 40;

/**
 * At most `max` characters of `text` on one line, around the place where the most matched words are together,
 * with the offsets of the matched words in it; "…" marks text left out at either end.
 */
export function snippetOf(text: string, terms: HighlightTerms, max: number = searchLimits.snippetMaxChars): Snippet {
  const line = text.replace(/\s+/gu, ' ').trim();
  const found: [number, number][] = [];
  for (const match of line.matchAll(wordPattern)) {
    if (matches(match[0], terms)) found.push([match.index, match.index + match[0].length]);
  }
  if (line.length <= max) return { snippet: line, highlights: found };

  const room = max - 2; // an ellipsis at each end
  let start = 0;
  let best = -1;
  for (const [anchor] of found) {
    const from = Math.max(0, anchor - leadChars);
    const count = found.filter(([s, e]) => s >= from && e <= from + room).length;
    if (count > best) {
      best = count;
      start = from;
    }
  }
  // Begin at a word's start rather than inside one.
  if (start > 0) {
    const space = line.lastIndexOf(' ', start);
    const next = line.indexOf(' ', start);
    start = space >= 0 && start - space < 15 ? space + 1 : next >= 0 && next - start < 15 ? next + 1 : start;
  }
  let end = Math.min(line.length, start + room);
  if (end < line.length) {
    const space = line.lastIndexOf(' ', end);
    if (space > start + room / 2) end = space;
  }
  const lead = start > 0 ? '…' : '';
  const tail = end < line.length ? '…' : '';
  const shift = lead.length - start;
  return {
    snippet: `${lead}${line.slice(start, end)}${tail}`,
    highlights: found.filter(([s, e]) => s >= start && e <= end).map(([s, e]) => [s + shift, e + shift]),
  };
}
