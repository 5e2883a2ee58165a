import { parseSearchQuery } from '@deckhand/contract/search-query';
import { describe, expect, it } from 'vitest';
import { highlightTermsOf, snippetOf } from './snippet';

function marksFor(q: string) {
  const result = parseSearchQuery(q);
  if (!result.ok) throw new Error(result.message);
  return highlightTermsOf(result.query.terms);
}

function marked(text: string, q: string, max?: number): { snippet: string; words: string[] } {
  const { snippet, highlights } = snippetOf(text, marksFor(q), max);
  return { snippet, words: highlights.map(([start, end]) => snippet.slice(start, end)) };
}

describe('snippetOf', () => {
  it('marks stems and the prefix being typed, not excluded words', () => {
    expect(marked('Planning the plans of a planet', 'plans')).toEqual({
      snippet: 'Planning the plans of a planet',
      words: ['Planning', 'plans', 'planet'],
    });
    expect(marked('Planning the plans of a planet', 'plans x').words).toEqual(['Planning', 'plans']);
    expect(marked('Studies of a study', 'studying x').words).toEqual(['Studies', 'study']);
    expect(marked('keep the draft', 'keep -draft').words).toEqual(['keep']);
  });

  it('keeps a short text whole, on one line', () => {
    expect(marked('two\n\nlines  here', 'lines').snippet).toBe('two lines here');
  });

  it('cuts a long text to the most matched place, with ellipses, within the limit', () => {
    const text = `${'alpha beta gamma '.repeat(20)}the otter and the otter family ${'delta epsilon '.repeat(20)}`;
    const { snippet, words } = marked(text, 'otter famil', 80);
    expect(snippet.length).toBeLessThanOrEqual(80);
    expect(snippet.startsWith('…')).toBe(true);
    expect(snippet.endsWith('…')).toBe(true);
    expect(words).toEqual(['otter', 'otter', 'family']);
  });

  it('shows the beginning when nothing matches (a filter-only query)', () => {
    const { snippet, words } = marked('word '.repeat(100), '', 50);
    expect(snippet.startsWith('word word')).toBe(true);
    expect(snippet.length).toBeLessThanOrEqual(50);
    expect(words).toEqual([]);
  });
});
