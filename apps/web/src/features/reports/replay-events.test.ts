import { describe, expect, it } from 'vitest';
import { playableEvents } from './replay-events';

describe('playableEvents', () => {
  it('turns seconds into milliseconds and orders the events by time, keeping everything else', () => {
    const events = [
      { type: 4, timestamp: 1_795_336_211_009, data: { href: '/dashboard' } },
      { type: 2, timestamp: 1_795_336_211_023 },
      { type: 5, timestamp: 1_795_336_210.4531, data: { tag: 'breadcrumb' } },
      { type: 3, timestamp: 1_795_336_211_065 },
    ];
    expect(playableEvents(events)).toEqual([
      { type: 5, timestamp: 1_795_336_210_453, data: { tag: 'breadcrumb' } },
      { type: 4, timestamp: 1_795_336_211_009, data: { href: '/dashboard' } },
      { type: 2, timestamp: 1_795_336_211_023 },
      { type: 3, timestamp: 1_795_336_211_065 },
    ]);
  });

  it('keeps the recorded order of events at the same moment', () => {
    const events = [
      { type: 4, timestamp: 1_795_336_211_009, data: 'meta' },
      { type: 2, timestamp: 1_795_336_211_009, data: 'snapshot' },
    ];
    expect(playableEvents(events).map((event) => event.data)).toEqual(['meta', 'snapshot']);
  });
});
