import type { SearchSuggestions } from '@deckhand/contract/search';
import type { SearchFilterKey } from '@deckhand/contract/search-query';
import type { Camelize } from '../../lib/case';

/** The filters whose values the palette completes: a project for `in:`, a person for `assignee:` and `from:`. */
export const completableFilterKeys = ['in', 'assignee', 'from'] as const satisfies readonly SearchFilterKey[];
export type CompletableFilterKey = (typeof completableFilterKeys)[number];

/** A filter whose value is being typed: `key:value` at `[start, end)` of the query. */
export interface FilterBeingTyped {
  key: CompletableFilterKey;
  /** Without its quotes. */
  value: string;
  start: number;
  end: number;
}

/** A value to complete the filter with, and how the palette lists it. */
export interface FilterCompletion {
  key: CompletableFilterKey;
  value: string;
  /** What the filter reads once completed, e.g. `in:"Website redesign"`. */
  text: string;
}

function isCompletableKey(key: string): key is CompletableFilterKey {
  return completableFilterKeys.some((known) => known === key);
}

/** The `[start, end)` of the space-separated word (quotes keep spaces inside) that holds the caret. */
function wordAt(query: string, caret: number): { start: number; end: number } | null {
  let i = 0;
  while (i < query.length) {
    while (i < query.length && /\s/u.test(query[i] ?? '')) i++;
    if (i >= query.length) break;
    const start = i;
    let quoted = false;
    while (i < query.length && (quoted || !/\s/u.test(query[i] ?? ''))) {
      if (query[i] === '"') quoted = !quoted;
      i++;
    }
    if (caret >= start && caret <= i) return { start, end: i };
  }
  return null;
}

/** The `in:`, `assignee:` or `from:` filter the caret is in, if any (`-in:` is an excluded word, not a filter). */
export function filterBeingTyped(query: string, caret: number): FilterBeingTyped | null {
  const word = wordAt(query, caret);
  if (!word) return null;
  const match = /^([a-zA-Z]+):(.*)$/su.exec(query.slice(word.start, word.end));
  const key = match?.[1]?.toLowerCase() ?? '';
  if (!match || !isCompletableKey(key)) return null;
  const raw = match[2] ?? '';
  const value = raw.startsWith('"') ? raw.slice(1).replace(/"$/u, '') : raw;
  return { key, value, start: word.start, end: word.end };
}

/** A filter value as the query language wants it: quoted when it holds spaces. */
export function filterValueText(value: string): string {
  return /\s/u.test(value) ? `"${value}"` : value;
}

/** The query with the filter being typed replaced by `completion`, and the caret just after it (and a space). */
export function completeFilter(
  query: string,
  typed: FilterBeingTyped,
  completion: FilterCompletion,
): { query: string; caret: number } {
  const before = query.slice(0, typed.start);
  const after = query.slice(typed.end);
  const separator = /^\s/u.test(after) ? '' : ' ';
  const completed = `${before}${completion.text}${separator}${after}`;
  return { query: completed, caret: before.length + completion.text.length + 1 };
}

function completion(key: CompletableFilterKey, value: string): FilterCompletion {
  return { key, value, text: `${key}:${filterValueText(value)}` };
}

/**
 * What the filter being typed can become: projects for `in:`, people (and `me`) for `assignee:` and `from:`,
 * those containing what is typed. The server already narrows them; this keeps the list right while its next
 * answer is on the way.
 */
export function filterCompletions(
  typed: FilterBeingTyped,
  suggestions: Camelize<SearchSuggestions> | undefined,
): FilterCompletion[] {
  const needle = typed.value.toLowerCase();
  const fits = (name: string) => name.toLowerCase().includes(needle);
  if (typed.key === 'in') {
    return (suggestions?.projects ?? []).filter((project) => fits(project.name)).map((p) => completion('in', p.name));
  }
  const people = (suggestions?.people ?? []).filter((person) => fits(person.name));
  const names = [...new Set(people.map((person) => person.name))];
  return [...('me'.startsWith(needle) ? ['me'] : []), ...names].map((name) => completion(typed.key, name));
}
