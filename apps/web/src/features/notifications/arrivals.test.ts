import { describe, expect, it } from 'vitest';
import { countWentUp, isNewArrival } from './arrivals';

describe('countWentUp', () => {
  it('is false for the first value seen, whatever it is', () => {
    expect(countWentUp(undefined, 0)).toBe(false);
    expect(countWentUp(undefined, 5)).toBe(false);
  });

  it('is true only for a rise', () => {
    expect(countWentUp(0, 1)).toBe(true);
    expect(countWentUp(2, 5)).toBe(true);
    expect(countWentUp(3, 3)).toBe(false);
    expect(countWentUp(3, 2)).toBe(false);
    expect(countWentUp(1, 0)).toBe(false);
  });
});

describe('isNewArrival', () => {
  const older = '0190a0b0-0000-7000-8000-000000000001';
  const newer = '0190a0b1-0000-7000-8000-000000000001';

  it('announces an unread notification newer than the last one announced', () => {
    expect(isNewArrival({ id: older, isRead: false }, null)).toBe(true);
    expect(isNewArrival({ id: newer, isRead: false }, older)).toBe(true);
  });

  it('does not announce one that is read, already announced, or older', () => {
    expect(isNewArrival({ id: newer, isRead: true }, null)).toBe(false);
    expect(isNewArrival({ id: newer, isRead: false }, newer)).toBe(false);
    expect(isNewArrival({ id: older, isRead: false }, newer)).toBe(false);
  });
});
