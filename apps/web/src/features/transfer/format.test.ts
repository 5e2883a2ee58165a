import { describe, expect, it } from 'vitest';
import { formatImportCounts, percentOf, sentPercent } from './format';

describe('formatImportCounts', () => {
  it('lists every kind, cards first and statuses last', () => {
    expect(formatImportCounts({ statuses: 4, cards: 12, chats: 4, messages: 57, tasks: 30, files: 3 })).toBe(
      '12 cards, 30 tasks, 4 chats, 57 messages, 3 files, 4 statuses',
    );
  });

  it('says one in the singular and none in the plural', () => {
    expect(formatImportCounts({ statuses: 1, cards: 1, chats: 1, messages: 1, tasks: 1, files: 0 })).toBe(
      '1 card, 1 task, 1 chat, 1 message, 0 files, 1 status',
    );
  });
});

describe('percentOf', () => {
  it('turns a progress of 0 to 1 into a whole percentage', () => {
    expect(percentOf(0)).toBe(0);
    expect(percentOf(0.426)).toBe(43);
    expect(percentOf(1)).toBe(100);
  });

  it('keeps out-of-range and non-numbers within 0 to 100', () => {
    expect(percentOf(-0.2)).toBe(0);
    expect(percentOf(1.5)).toBe(100);
    expect(percentOf(Number.NaN)).toBe(0);
  });
});

describe('sentPercent', () => {
  it('is the share of the bytes sent, and 0 while the total is unknown', () => {
    expect(sentPercent(512, 2048)).toBe(25);
    expect(sentPercent(2048, 2048)).toBe(100);
    expect(sentPercent(100, 0)).toBe(0);
  });
});
