import { describe, expect, it } from 'vitest';
import { navigateMessagePath } from './service-worker-message';

const origin = 'https://deckhand.example';

describe('navigateMessagePath', () => {
  it('takes relative and same-origin urls, keeping query and hash', () => {
    expect(navigateMessagePath({ type: 'navigate', url: '/terms-and-conditions' }, origin)).toBe(
      '/terms-and-conditions',
    );
    expect(navigateMessagePath({ type: 'navigate', url: `${origin}/p1/cards/c1?tab=chat#m2` }, origin)).toBe(
      '/p1/cards/c1?tab=chat#m2',
    );
  });

  it('refuses other sites and tricks that lead there', () => {
    const elsewhere = [
      'https://evil.example/',
      '//evil.example/x',
      '/\\evil.example/x',
      'http://deckhand.example/dashboard',
      `${origin}//evil.example/x`,
    ];
    for (const url of elsewhere) {
      expect(navigateMessagePath({ type: 'navigate', url }, origin)).toBeNull();
    }
    expect(navigateMessagePath({ type: 'navigate', url: 'javascript:alert(1)' }, origin)).toBeNull();
  });

  it('ignores other messages', () => {
    for (const data of [null, 'navigate', { type: 'navigate' }, { type: 'other', url: '/x' }, { url: '/x' }]) {
      expect(navigateMessagePath(data, origin)).toBeNull();
    }
  });
});
