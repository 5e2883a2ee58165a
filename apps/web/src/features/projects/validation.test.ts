import { describe, expect, it } from 'vitest';
import { checkProjectDraft, hasErrors } from './validation';

describe('checkProjectDraft', () => {
  it('accepts a name of 1 to 80 characters after trimming, and an empty description', () => {
    expect(checkProjectDraft({ name: '  Q3 roadmap ', description: '' })).toEqual({});
    expect(checkProjectDraft({ name: 'x'.repeat(80), description: 'd'.repeat(2000) })).toEqual({});
  });

  it('names the field that is wrong', () => {
    expect(checkProjectDraft({ name: '   ', description: '' }).name).toBe('Please enter a project name.');
    expect(checkProjectDraft({ name: 'x'.repeat(81), description: '' }).name).toMatch(/at most 80 characters/);
    const tooLong = checkProjectDraft({ name: 'ok', description: 'd'.repeat(2001) });
    expect(Object.keys(tooLong)).toEqual(['description']);
    expect(hasErrors(tooLong)).toBe(true);
  });
});
