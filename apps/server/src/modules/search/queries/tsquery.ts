import type { SearchTerm } from '@deckhand/contract/search-query';
import { type SQL, sql } from 'drizzle-orm';

/** The word being typed: its English stem as a prefix, or the word as written as a prefix (see search_text_vector). */
function prefixOf(word: string): SQL {
  return sql`(to_tsquery('english', ${`${word}:*`}) || to_tsquery('simple', ${`${word}:*`}))`;
}

function wordsOf(words: string[]): SQL | null {
  if (words.length === 0) return null;
  if (words.length === 1) return sql`plainto_tsquery('english', ${words[0]})`;
  return sql`phraseto_tsquery('english', ${words.join(' ')})`;
}

function termQuery(term: SearchTerm): SQL {
  const [word] = term.words;
  const query = term.prefix && word !== undefined ? prefixOf(word) : (wordsOf(term.words) ?? sql`''::tsquery`);
  return term.negated ? sql`!!${query}` : query;
}

/**
 * The text-search query of the terms: every word (English stems; words are letters and digits only, so nothing
 * a person types is read as query syntax), phrases in order, exclusions negated. Stop words drop out, as in
 * the index. Null without terms.
 */
export function tsqueryOf(terms: SearchTerm[]): SQL | null {
  if (terms.length === 0) return null;
  // Parenthesised whole: it is written beside `@@`, which binds tighter than `&&`.
  return sql`(${sql.join(
    terms.map((term) => sql`(${termQuery(term)})`),
    sql` && `,
  )})`;
}
