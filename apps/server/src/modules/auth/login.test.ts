import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookieFrom, createTestApp, type TestApp, uniqueEmail } from '../../../test/support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

function login(email: string, password: string, ip?: string) {
  return t.request<{ id_token: string; user: { email: string } }>('POST', '/api/auth/login', {
    body: { email, password },
    ...(ip && { ip }),
  });
}

describe('POST /api/auth/login', () => {
  it('signs in with the right password, whatever the address case, and sets the refresh cookie', async () => {
    const user = await t.signUp();
    const res = await login(user.email.toUpperCase(), user.password);
    expect(res.status).toBe(200);
    expect(res.body.user.email).toBe(user.email);
    expect(cookieFrom(res.headers, 'deckhand_refresh')).toBeDefined();
    const profile = await t.request('GET', '/api/profile', { token: res.body.id_token });
    expect(profile.status).toBe(200);
  });

  it('answers 401 auth/invalid-credential for a wrong password', async () => {
    const user = await t.signUp();
    const res = await login(user.email, 'Wrong-password-42');
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ error: { code: 'auth/invalid-credential', message: expect.any(String) } });
  });

  it('answers an unknown address like a wrong password while enumeration protection is on', async () => {
    const res = await login(uniqueEmail('nobody'), 'Whatever-pass-1');
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ error: { code: 'auth/invalid-credential', message: expect.any(String) } });
  });

  it('answers 400 auth/invalid-email for a malformed address', async () => {
    const res = await login('not-an-email', 'Whatever-pass-1');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: { code: 'auth/invalid-email', message: expect.any(String) } });
  });

  it('refuses a body with unknown fields or wrong types', async () => {
    const extra = await t.request('POST', '/api/auth/login', { body: { email: 'a@b.co', password: 'x', remember: 1 } });
    expect(extra.status).toBe(400);
    const wrongType = await t.request('POST', '/api/auth/login', { body: { email: ['a@b.co'], password: 'x' } });
    expect(wrongType.status).toBe(400);
    expect(wrongType.body).toMatchObject({ error: { code: 'request/invalid' } });
  });

  it('locks one account from one address after 10 failures, even for the right password, with Retry-After', async () => {
    const user = await t.signUp();
    const ip = '10.99.0.1';
    for (let i = 0; i < 10; i += 1) expect((await login(user.email, 'Wrong-password-42', ip)).status).toBe(401);
    const locked = await login(user.email, user.password, ip);
    expect(locked.status).toBe(429);
    expect(locked.body).toEqual({ error: { code: 'auth/too-many-attempts', message: expect.any(String) } });
    const retryAfter = Number(locked.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    // The owner elsewhere is not locked out by a stranger's guessing from one address.
    expect((await login(user.email, user.password, '10.99.0.2')).status).toBe(200);
  });

  it('limits failures per address across accounts (50 per 15 minutes)', async () => {
    const ip = '10.98.0.1';
    for (let i = 0; i < 50; i += 1)
      expect((await login(uniqueEmail('spray'), 'Wrong-password-42', ip)).status).toBe(401);
    const user = await t.signUp();
    expect((await login(user.email, user.password, ip)).status).toBe(429);
  });

  it('limits failures per account from every address (100 per hour)', async () => {
    const user = await t.signUp();
    for (let i = 0; i < 100; i += 1) {
      expect(
        (await login(user.email, 'Wrong-password-42', `10.97.${Math.floor(i / 200)}.${(i % 200) + 1}`)).status,
      ).toBe(401);
    }
    expect((await login(user.email, user.password, '10.96.0.1')).status).toBe(429);
  });

  it('answers 404 auth/user-not-found when AUTH_ENUMERATION_PROTECTION=false', async () => {
    const open = await createTestApp({ AUTH_ENUMERATION_PROTECTION: 'false' });
    try {
      const res = await open.request('POST', '/api/auth/login', {
        body: { email: uniqueEmail('ghost'), password: 'Whatever-pass-1' },
      });
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ error: { code: 'auth/user-not-found', message: expect.any(String) } });
    } finally {
      await open.close();
    }
  });
});
