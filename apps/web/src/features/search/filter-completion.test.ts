import { describe, expect, it } from 'vitest';
import { completeFilter, filterBeingTyped, filterCompletions, filterValueText } from './filter-completion';

const suggestions = {
  projects: [
    { id: '0190a000-0000-7000-8000-000000000001', name: 'Website redesign' },
    { id: '0190a000-0000-7000-8000-000000000002', name: 'Backend' },
  ],
  people: [
    { userId: '0190a000-0000-7000-8000-000000000003', name: 'Ada Lovelace' },
    { userId: '0190a000-0000-7000-8000-000000000004', name: 'Mel Brooks' },
  ],
};

describe('filterBeingTyped', () => {
  it('finds the filter at the caret, with what is typed of its value', () => {
    expect(filterBeingTyped('deploy in:web', 13)).toEqual({ key: 'in', value: 'web', start: 7, end: 13 });
    expect(filterBeingTyped('assignee:', 9)).toEqual({ key: 'assignee', value: '', start: 0, end: 9 });
    expect(filterBeingTyped('FROM:ad', 7)).toEqual({ key: 'from', value: 'ad', start: 0, end: 7 });
  });

  it('reads a quoted value, spaces and all, open or closed', () => {
    expect(filterBeingTyped('in:"Website re', 14)).toEqual({ key: 'in', value: 'Website re', start: 0, end: 14 });
    expect(filterBeingTyped('x in:"Website redesign" y', 23)).toEqual({
      key: 'in',
      value: 'Website redesign',
      start: 2,
      end: 23,
    });
  });

  it('finds the filter the caret is in even when words follow', () => {
    expect(filterBeingTyped('in:back deploy', 5)).toEqual({ key: 'in', value: 'back', start: 0, end: 7 });
  });

  it('ignores other filters, excluded words, plain words and a caret after a space', () => {
    expect(filterBeingTyped('type:ta', 7)).toBeNull();
    expect(filterBeingTyped('-in:web', 7)).toBeNull();
    expect(filterBeingTyped('deploy', 6)).toBeNull();
    expect(filterBeingTyped('in:web ', 7)).toBeNull();
    expect(filterBeingTyped('', 0)).toBeNull();
  });
});

describe('completeFilter', () => {
  it('replaces what is typed with the value, quoted when it has spaces, and puts the caret after a space', () => {
    const query = 'deploy in:web';
    const typed = filterBeingTyped(query, query.length);
    if (!typed) throw new Error('no filter found');
    const [website] = filterCompletions(typed, suggestions);
    if (!website) throw new Error('no completion');
    expect(completeFilter(query, typed, website)).toEqual({ query: 'deploy in:"Website redesign" ', caret: 29 });
  });

  it('keeps the words after the filter', () => {
    const query = 'in:back deploy';
    const typed = filterBeingTyped(query, 5);
    if (!typed) throw new Error('no filter found');
    expect(completeFilter(query, typed, { key: 'in', value: 'Backend', text: 'in:Backend' })).toEqual({
      query: 'in:Backend deploy',
      caret: 11,
    });
  });
});

describe('filterValueText', () => {
  it('quotes values with spaces only', () => {
    expect(filterValueText('Backend')).toBe('Backend');
    expect(filterValueText('Website redesign')).toBe('"Website redesign"');
  });
});

describe('filterCompletions', () => {
  it('offers projects for in:', () => {
    expect(filterCompletions({ key: 'in', value: '', start: 0, end: 3 }, suggestions).map((c) => c.text)).toEqual([
      'in:"Website redesign"',
      'in:Backend',
    ]);
    expect(filterCompletions({ key: 'in', value: 'DES', start: 0, end: 6 }, suggestions).map((c) => c.text)).toEqual([
      'in:"Website redesign"',
    ]);
  });

  it('offers me and people for assignee: and from:', () => {
    expect(filterCompletions({ key: 'assignee', value: '', start: 0, end: 9 }, suggestions).map((c) => c.text)).toEqual(
      ['assignee:me', 'assignee:"Ada Lovelace"', 'assignee:"Mel Brooks"'],
    );
    expect(filterCompletions({ key: 'from', value: 'me', start: 0, end: 7 }, suggestions).map((c) => c.text)).toEqual([
      'from:me',
      'from:"Mel Brooks"',
    ]);
    expect(filterCompletions({ key: 'from', value: 'ada', start: 0, end: 8 }, suggestions).map((c) => c.text)).toEqual([
      'from:"Ada Lovelace"',
    ]);
  });

  it('still offers me before the suggestions have arrived', () => {
    expect(filterCompletions({ key: 'assignee', value: 'm', start: 0, end: 10 }, undefined)).toEqual([
      { key: 'assignee', value: 'me', text: 'assignee:me' },
    ]);
  });
});
