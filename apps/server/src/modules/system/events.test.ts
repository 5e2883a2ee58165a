import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/support/test-app';
import { usageEvents } from '../../db/schema/usage-events';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('POST /api/events', () => {
  it('records page_open for the signed-in caller', async () => {
    const user = await t.signUp();
    const res = await t.request('POST', '/api/events', {
      token: user.token,
      body: { name: 'page_open', properties: { page: 'app' } },
    });
    expect(res.status).toBe(202);
    await expect
      .poll(async () =>
        (await t.database.db.select().from(usageEvents).where(eq(usageEvents.userId, user.id))).map((e) => e.name),
      )
      .toContain('page_open');
  });

  it('records an anonymous page_open without a user', async () => {
    const res = await t.request('POST', '/api/events', { body: { name: 'page_open', properties: { page: 'app' } } });
    expect(res.status).toBe(202);
  });

  it.each([
    ['an event a browser may not send', { name: 'user_created', properties: {} }],
    ['free text in properties', { name: 'page_open', properties: { page: 'app', note: 'hello' } }],
    ['no name', { properties: { page: 'app' } }],
  ])('refuses %s with 400', async (_label, body) => {
    expect((await t.request('POST', '/api/events', { body })).status).toBe(400);
  });

  it('limits events per address', async () => {
    const ip = '10.150.0.1';
    const body = { name: 'page_open', properties: { page: 'app' } };
    for (let i = 0; i < 120; i += 1) expect((await t.request('POST', '/api/events', { body, ip })).status).toBe(202);
    expect((await t.request('POST', '/api/events', { body, ip })).status).toBe(429);
  });
});
