import { afterEach, expect, it, vi } from 'vitest';
import { collectGarbage } from './collect-garbage';

const exposed = globalThis.gc;
afterEach(() => {
  globalThis.gc = exposed;
});

it('collects when Node exposes gc (npm start runs it with --expose-gc)', () => {
  const gc = vi.fn();
  globalThis.gc = gc as unknown as NodeJS.GCFunction;
  collectGarbage();
  expect(gc).toHaveBeenCalledTimes(1);
});

it('does nothing when gc is not exposed', () => {
  globalThis.gc = undefined;
  expect(() => collectGarbage()).not.toThrow();
});
