import { parseSearchQuery } from '@deckhand/contract/search-query';
import { describe, expect, it } from 'vitest';

function parsed(q: string) {
  const result = parseSearchQuery(q);
  if (!result.ok) throw new Error(result.message);
  return result.query;
}

describe('parseSearchQuery', () => {
  it('reads words, the last as a prefix, phrases and exclusions', () => {
    expect(parsed('Launch plann').terms).toEqual([
      { words: ['launch'], negated: false, prefix: false },
      { words: ['plann'], negated: false, prefix: true },
    ]);
    expect(parsed('"an exact phrase" -draft -"old plan"').terms).toEqual([
      { words: ['an', 'exact', 'phrase'], negated: false, prefix: false },
      { words: ['draft'], negated: true, prefix: false },
      { words: ['old', 'plan'], negated: true, prefix: false },
    ]);
    // Punctuation splits words as it does in the text searched.
    expect(parsed('follow-up').terms.map((term) => [term.words, term.prefix])).toEqual([
      [['follow'], false],
      [['up'], true],
    ]);
    // An unclosed quote is a phrase being typed.
    expect(parsed('"half typed').terms).toEqual([{ words: ['half', 'typed'], negated: false, prefix: false }]);
  });

  it('reads every filter, quoted values with spaces, and alternatives', () => {
    const query = parsed(
      'type:task type:Card in:"Website redesign" assignee:me from:Bob status:"In progress" label:urgent is:open due:week due:<2026-12-31',
    );
    expect(query).toMatchObject({
      terms: [],
      types: ['task', 'card'],
      projects: ['Website redesign'],
      assignees: [{ kind: 'me' }],
      from: [{ kind: 'name', name: 'Bob' }],
      statuses: ['In progress'],
      labels: ['urgent'],
      is: ['open'],
      due: [{ kind: 'week' }, { kind: 'before', date: '2026-12-31' }],
    });
  });

  it.each([
    ['color:red', 'color:'],
    ['type:widget', 'type:widget'],
    ['is:maybe', 'is:maybe'],
    ['due:soon', 'due:soon'],
    ['due:>2026-13-01', 'due:>2026-13-01'],
    ['assignee:', 'assignee:'],
  ])('refuses %s, naming it', (q, named) => {
    const result = parseSearchQuery(q);
    expect(result.ok).toBe(false);
    expect(!result.ok && result.message).toContain(named);
  });
});
