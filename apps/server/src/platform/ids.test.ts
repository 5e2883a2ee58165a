import { validate, version } from 'uuid';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { uuidv7 } from './ids';

afterEach(() => {
  vi.restoreAllMocks();
});

const timeOf = (id: string) => Number.parseInt(id.replaceAll('-', '').slice(0, 12), 16);

describe('uuidv7', () => {
  it('makes version-7 UUIDs of the current millisecond', () => {
    const before = Date.now();
    const id = uuidv7();
    const after = Date.now();
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(validate(id) && version(id)).toBe(7);
    expect(timeOf(id)).toBeGreaterThanOrEqual(before);
    expect(timeOf(id)).toBeLessThanOrEqual(after);
  });

  it('sorts in the order it made them, many to a millisecond, across refills of the random pool', () => {
    const ids = Array.from({ length: 100_000 }, () => uuidv7());
    for (let i = 1; i < ids.length; i += 1) expect((ids[i] as string) > (ids[i - 1] as string)).toBe(true);
    expect(new Set(ids.map((id) => id.slice(-12))).size).toBeGreaterThan(99_000);
  });

  it('keeps counting up when the clock stands still or steps back', () => {
    const now = vi.spyOn(Date, 'now').mockReturnValue(Date.UTC(2030, 0, 1));
    const first = uuidv7();
    const second = uuidv7();
    now.mockReturnValue(Date.UTC(2029, 11, 31));
    const third = uuidv7();
    expect(second > first).toBe(true);
    expect(third > second).toBe(true);
    expect(timeOf(third)).toBe(Date.UTC(2030, 0, 1));
  });
});
