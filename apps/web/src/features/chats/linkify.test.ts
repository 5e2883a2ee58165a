import { describe, expect, it } from 'vitest';
import { linkifyParts } from './linkify';

describe('linkifyParts', () => {
  it('makes web addresses links and leaves the rest as text', () => {
    expect(linkifyParts('see https://example.com/a?b=1, then www.deckhand.dev.')).toEqual([
      { start: 0, text: 'see ' },
      { start: 4, text: 'https://example.com/a?b=1', href: 'https://example.com/a?b=1' },
      { start: 29, text: ', then ' },
      { start: 36, text: 'www.deckhand.dev', href: 'https://www.deckhand.dev' },
      { start: 52, text: '.' },
    ]);
  });

  it('never links other schemes', () => {
    expect(linkifyParts('javascript:alert(1) <img src=x onerror=alert(1)>')).toEqual([
      { start: 0, text: 'javascript:alert(1) <img src=x onerror=alert(1)>' },
    ]);
  });
});
