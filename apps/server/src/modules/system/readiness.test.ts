import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/support/test-app';
import { testTarget } from '../../../test/support/test-database';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const redisState = testTarget().kind === 'postgres' ? 'ok' : 'unused';

describe('GET /api/ready', () => {
  it('answers 200 naming each part when the instance can serve', async () => {
    const res = await t.request('GET', '/api/ready');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ database: 'ok', redis: redisState, storage: 'ok' });
  });

  it('answers 503 naming the part that fails', async () => {
    t.app.deps.readiness.check('storage', async () => {
      throw new Error('the disk is gone');
    });
    const res = await t.request('GET', '/api/ready');
    expect(res.status).toBe(503);
    expect(res.body).toEqual({ database: 'ok', redis: redisState, storage: 'unavailable' });
    t.app.deps.readiness.check('storage', () => t.app.deps.storage.check());
    expect((await t.request('GET', '/api/ready')).status).toBe(200);
  });

  it('counts a part that does not answer within 2 s as unavailable', async () => {
    t.app.deps.readiness.check('database', () => new Promise(() => {}));
    const started = performance.now();
    const res = await t.request('GET', '/api/ready');
    expect(res.status).toBe(503);
    expect(res.body).toMatchObject({ database: 'unavailable' });
    expect(performance.now() - started).toBeLessThan(5000);
    t.app.deps.readiness.check('database', async () => {
      await t.app.deps.db.execute(sql`select 1`);
    });
    expect((await t.request('GET', '/api/ready')).status).toBe(200);
  });
});
