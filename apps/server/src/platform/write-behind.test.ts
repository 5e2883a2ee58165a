import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/support/test-app';
import { writeBehindDelayMs, writeBehindMaxDelayMs } from './write-behind';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('writeBehindDelayMs on the database the tests run on', () => {
  it('is 20 ms on PGlite, which runs one statement at a time, and the longest delay on PostgreSQL', () => {
    expect(writeBehindDelayMs(t.database.db)).toBe(t.database.kind === 'pglite' ? 20 : writeBehindMaxDelayMs);
    expect(writeBehindMaxDelayMs).toBe(100);
  });
});
