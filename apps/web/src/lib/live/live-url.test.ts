import { describe, expect, it } from 'vitest';
import { liveUrl } from './live-url';

describe('liveUrl', () => {
  it('uses ws for http and wss for https, with the token as a query parameter', () => {
    expect(liveUrl('abc.def', 'http://localhost:3199')).toBe('ws://localhost:3199/updates?token=abc.def');
    expect(liveUrl('a+b', 'https://deckhand.example/app')).toBe('wss://deckhand.example/updates?token=a%2Bb');
  });
});
