import { validate, version } from 'uuid';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { uuidv7 } from './ids';

afterEach(() => {
  vi.restoreAllMocks();
});

const timeOf = (id: string) => Number.parseInt(id.replaceAll('-', '').slice(0, 12), 16);

// Test files share modules (vitest.config.ts: isolate false), and other tests move the clock: each test starts from
// the generator's own latest time and leaves it at most a second ahead.
describe('uuidv7', () => {
  it('makes version-7 UUIDs of the current millisecond', () => {
    const before = Date.now();
    const id = uuidv7();
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(validate(id) && version(id)).toBe(7);
    expect(timeOf(id)).toBeGreaterThanOrEqual(before);
    const later = timeOf(id) + 1000;
    vi.spyOn(Date, 'now').mockReturnValue(later);
    expect(timeOf(uuidv7())).toBe(later);
  });

  it('sorts in the order it made them, many to a millisecond, across refills of the random pool', () => {
    const ids = Array.from({ length: 100_000 }, () => uuidv7());
    for (let i = 1; i < ids.length; i += 1) expect((ids[i] as string) > (ids[i - 1] as string)).toBe(true);
    expect(new Set(ids.map((id) => id.slice(-12))).size).toBeGreaterThan(99_000);
  });

  it('keeps counting up when the clock stands still or steps back', () => {
    const at = timeOf(uuidv7()) + 2;
    const now = vi.spyOn(Date, 'now').mockReturnValue(at);
    const first = uuidv7();
    const second = uuidv7();
    now.mockReturnValue(at - 24 * 3600 * 1000);
    const third = uuidv7();
    expect(second > first).toBe(true);
    expect(third > second).toBe(true);
    expect(timeOf(third)).toBe(at);
  });
});
