import { type SearchResultType, searchResultTypes } from './search';

/**
 * The search box's language, shared so that the palette completes exactly what the server understands:
 * words (all must match, the last one as a prefix), `"an exact phrase"`, `-word` or `-"phrase"` to exclude, and
 * `key:value` filters (`key:"a value with spaces"`). Filters of one key are alternatives (`type:card type:task`),
 * except where a thing holds several values or a range reads naturally: `assignee:`, `label:`, `due:` and `is:`
 * must all hold.
 */

export const searchFilterKeys = ['type', 'in', 'assignee', 'status', 'label', 'is', 'due', 'from'] as const;
export type SearchFilterKey = (typeof searchFilterKeys)[number];

/** Filters that only tasks have: a query using one finds tasks only. */
export const taskOnlyFilterKeys: readonly SearchFilterKey[] = ['assignee', 'status', 'label', 'is', 'due'];

/** What to match: one word, or the words of a phrase in order. */
export interface SearchTerm {
  words: string[];
  /** An exclusion (`-word`): what matches it is left out. */
  negated: boolean;
  /** A single word matched as the beginning of a word: the last word of the query, being typed. */
  prefix: boolean;
}

export type DueFilter =
  | { kind: 'overdue' }
  | { kind: 'today' }
  | { kind: 'week' }
  | { kind: 'before'; date: string }
  | { kind: 'after'; date: string };

/** `me` or a person's name as typed. */
export type PersonFilter = { kind: 'me' } | { kind: 'name'; name: string };

export interface ParsedSearch {
  terms: SearchTerm[];
  types: SearchResultType[];
  projects: string[];
  assignees: PersonFilter[];
  statuses: string[];
  labels: string[];
  is: ('open' | 'done')[];
  due: DueFilter[];
  from: PersonFilter[];
}

export type SearchParseResult = { ok: true; query: ParsedSearch } | { ok: false; message: string };

/** Letters and digits of any script: what the database's text search counts as a word. */
const wordPattern = /[\p{L}\p{N}]+/gu;

function wordsOf(text: string): string[] {
  return (text.match(wordPattern) ?? []).map((word) => word.toLowerCase());
}

interface Token {
  key: string | null;
  value: string;
  quoted: boolean;
  negated: boolean;
}

/** Splits on spaces outside quotes; an unclosed quote runs to the end (it is being typed). */
function tokenize(input: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < input.length) {
    while (i < input.length && /\s/u.test(input[i] ?? '')) i++;
    if (i >= input.length) break;
    let negated = false;
    if (input[i] === '-' && i + 1 < input.length && !/\s/u.test(input[i + 1] ?? '')) {
      negated = true;
      i++;
    }
    let key: string | null = null;
    const keyMatch = /^([a-zA-Z]+):/u.exec(input.slice(i));
    if (keyMatch?.[1] && !negated) {
      key = keyMatch[1].toLowerCase();
      i += keyMatch[0].length;
    }
    let value = '';
    let quoted = false;
    if (input[i] === '"') {
      quoted = true;
      const end = input.indexOf('"', i + 1);
      value = input.slice(i + 1, end === -1 ? input.length : end);
      i = end === -1 ? input.length : end + 1;
    } else {
      const start = i;
      while (i < input.length && !/\s/u.test(input[i] ?? '')) i++;
      value = input.slice(start, i);
    }
    tokens.push({ key, value, quoted, negated });
  }
  return tokens;
}

const isoDate = /^\d{4}-\d{2}-\d{2}$/u;

function validDate(text: string): boolean {
  if (!isoDate.test(text)) return false;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
}

function parseDue(value: string): DueFilter | null {
  const lower = value.toLowerCase();
  if (lower === 'overdue' || lower === 'today' || lower === 'week') return { kind: lower };
  const bound = value.slice(1);
  if (value.startsWith('<') && validDate(bound)) return { kind: 'before', date: bound };
  if (value.startsWith('>') && validDate(bound)) return { kind: 'after', date: bound };
  return null;
}

function person(value: string): PersonFilter {
  return value.toLowerCase() === 'me' ? { kind: 'me' } : { kind: 'name', name: value };
}

/** Reads a query typed in the search box, or says in a sentence what is wrong with it. */
export function parseSearchQuery(input: string): SearchParseResult {
  const query: ParsedSearch = {
    terms: [],
    types: [],
    projects: [],
    assignees: [],
    statuses: [],
    labels: [],
    is: [],
    due: [],
    from: [],
  };
  const tokens = tokenize(input);
  for (const token of tokens) {
    if (token.key === null) {
      const words = wordsOf(token.value);
      if (words.length === 0) continue;
      if (token.quoted || token.negated) {
        query.terms.push({ words, negated: token.negated, prefix: false });
        continue;
      }
      // "follow-up" is two words, like the punctuation in the text searched; the query's last word is a prefix.
      const isLast = token === tokens.at(-1);
      words.forEach((word, i) => {
        query.terms.push({ words: [word], negated: false, prefix: isLast && i === words.length - 1 });
      });
      continue;
    }
    const key = token.key;
    const value = token.value.trim();
    if (!(searchFilterKeys as readonly string[]).includes(key)) {
      return {
        ok: false,
        message: `Unknown filter “${key}:”. Filters are ${searchFilterKeys.map((k) => `${k}:`).join(', ')}`,
      };
    }
    if (value === '') return { ok: false, message: `The filter “${key}:” needs a value` };
    switch (key as SearchFilterKey) {
      case 'type': {
        const type = value.toLowerCase();
        if (!(searchResultTypes as readonly string[]).includes(type)) {
          return { ok: false, message: `“type:${value}” is not a type: use card, task, message or file` };
        }
        query.types.push(type as SearchResultType);
        break;
      }
      case 'in':
        query.projects.push(value);
        break;
      case 'assignee':
        query.assignees.push(person(value));
        break;
      case 'from':
        query.from.push(person(value));
        break;
      case 'status':
        query.statuses.push(value);
        break;
      case 'label':
        query.labels.push(value);
        break;
      case 'is': {
        const state = value.toLowerCase();
        if (state !== 'open' && state !== 'done')
          return { ok: false, message: `“is:${value}” must be is:open or is:done` };
        query.is.push(state);
        break;
      }
      case 'due': {
        const due = parseDue(value);
        if (!due) {
          return {
            ok: false,
            message: `“due:${value}” must be due:overdue, due:today, due:week, due:<YYYY-MM-DD or due:>YYYY-MM-DD`,
          };
        }
        query.due.push(due);
        break;
      }
    }
  }
  return { ok: true, query };
}

/** Whether the query has words to match, rather than filters alone. */
export function hasSearchWords(query: ParsedSearch): boolean {
  return query.terms.some((term) => !term.negated);
}
