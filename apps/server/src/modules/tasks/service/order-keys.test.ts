import { describe, expect, it } from 'vitest';
import { distinctSpreadDigits, firstKey, keyBetween, keysAfter } from './order-keys';

/** Byte order, as PostgreSQL compares a COLLATE "C" column. */
function byteOrder(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

describe('order keys', () => {
  it('starts at a0 and appends with short keys', () => {
    expect(keyBetween(null, null)).toBe(firstKey);
    const keys = keysAfter(null, 5000);
    expect([...keys].sort(byteOrder)).toEqual(keys);
    expect(new Set(keys).size).toBe(5000);
    expect(Math.max(...keys.map((key) => key.length))).toBeLessThanOrEqual(4);
  });

  it('prepends below zero and stays ordered', () => {
    const keys: string[] = [firstKey];
    for (let i = 0; i < 4000; i += 1) keys.unshift(keyBetween(null, keys[0] ?? null));
    expect([...keys].sort(byteOrder)).toEqual(keys);
    expect(new Set(keys).size).toBe(keys.length);
    expect(Math.max(...keys.map((key) => key.length))).toBeLessThanOrEqual(4);
  });

  it('always finds a key strictly between two neighbours', () => {
    let low = 'a0';
    let high = 'a1';
    for (let i = 0; i < 200; i += 1) {
      const middle = keyBetween(low, high);
      expect(middle > low && middle < high).toBe(true);
      expect(middle.endsWith('0')).toBe(false);
      if (i % 2 === 0) low = middle;
      else high = middle;
    }
  });

  it('handles neighbours with fractions and across integer parts', () => {
    expect(keyBetween('az', 'b00V')).toBe('b00F');
    expect(keyBetween('a0', 'a0V')).toMatch(/^a0[1-9A-U]/);
    const between = keyBetween('az', 'b00');
    expect(between > 'az' && between < 'b00').toBe(true);
    const afterFraction = keyBetween('a0V', 'a1');
    expect(afterFraction > 'a0V' && afterFraction < 'a1').toBe(true);
    expect(keyBetween(null, 'a0V')).toBe('a0F');
    expect(keyBetween('Zz', 'a0')).toMatch(/^Zz./);
  });

  it('refuses neighbours out of order', () => {
    expect(() => keyBetween('a1', 'a0')).toThrow(/out of order/);
    expect(() => keyBetween('a1', 'a1')).toThrow(/out of order/);
  });

  it('keeps random insertions in a total order', () => {
    const keys = [firstKey];
    let seed = 7;
    const random = () => {
      seed = (seed * 48271) % 2147483647;
      return seed / 2147483647;
    };
    for (let i = 0; i < 3000; i += 1) {
      const at = Math.floor(random() * (keys.length + 1));
      keys.splice(at, 0, keyBetween(keys[at - 1] ?? null, keys[at] ?? null));
    }
    expect([...keys].sort(byteOrder)).toEqual(keys);
    expect(new Set(keys).size).toBe(keys.length);
  });
});

describe('order keys drawn at random from the gap', () => {
  it('stay ordered, unique and short', () => {
    let seed = 5;
    const random = () => {
      seed = (seed * 48271) % 2147483647;
      return seed / 2147483647;
    };
    const keys = [keyBetween(null, null, random)];
    for (let i = 0; i < 3000; i += 1) {
      const at = Math.floor(random() * (keys.length + 1));
      keys.splice(at, 0, keyBetween(keys[at - 1] ?? null, keys[at] ?? null, random));
    }
    expect([...keys].sort(byteOrder)).toEqual(keys);
    expect(new Set(keys).size).toBe(keys.length);
    const appended = [keyBetween(null, null, random)];
    for (let i = 0; i < 5000; i += 1) appended.push(keyBetween(appended.at(-1) ?? null, null, random));
    expect([...appended].sort(byteOrder)).toEqual(appended);
    expect(Math.max(...appended.map((key) => key.length))).toBeLessThanOrEqual(6);
  });

  it('differ between two writers given the same neighbours', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 200; i += 1) seen.add(keyBetween('a5', 'a6', Math.random));
    expect(seen.size).toBeGreaterThan(100);
    for (const key of seen) expect(key > 'a5' && key < 'a6').toBe(true);
  });

  it('differ between two writers appending after the same last key', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 200; i += 1) seen.add(keyBetween('b1z', null, Math.random));
    // 200 draws from 3,782 keys: about five repeats are expected, and 20 would be very unlikely.
    expect(seen.size).toBeGreaterThan(180);
    for (const key of seen) expect(key > 'b1z' && key.startsWith('b20')).toBe(true);
  });
});

describe('distinctSpreadDigits', () => {
  it('draws pairs in range, no two alike, up to every pair there is', () => {
    for (const count of [2, 50, 62 * 61]) {
      const pairs = distinctSpreadDigits(count, Math.random);
      expect(pairs).toHaveLength(count);
      expect(new Set(pairs.map(({ r1, r2 }) => `${r1} ${r2}`)).size).toBe(count);
      for (const { r1, r2 } of pairs) {
        expect(r1).toBeGreaterThanOrEqual(0);
        expect(r1).toBeLessThanOrEqual(61);
        expect(r2).toBeGreaterThanOrEqual(1);
        expect(r2).toBeLessThanOrEqual(61);
      }
    }
  });

  it('draws again when the random source repeats itself', () => {
    // A source that gives the same pair twice, then another: the second pair must not repeat the first.
    const values = [0.5, 0.5, 0.5, 0.5, 0.1, 0.9];
    const pairs = distinctSpreadDigits(2, () => values.shift() ?? 0.3);
    expect(pairs[0]).not.toEqual(pairs[1]);
  });
});
