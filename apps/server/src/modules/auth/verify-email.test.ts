import { linksIn } from '@deckhand/testkit/smtp-receiver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

function tokenOf(link: string | undefined): string {
  return new URL(link ?? '').searchParams.get('token') ?? '';
}

describe('POST /api/auth/verify-email', () => {
  it('verifies the address with the mailed link, once', async () => {
    const user = await t.signUp();
    const token = tokenOf(linksIn(await t.smtp.waitForMail(user.email))[0]);
    const res = await t.request('POST', '/api/auth/verify-email', { body: { token } });
    expect(res.status).toBe(200);
    const login = await t.request<{ user: { email_verified: boolean } }>('POST', '/api/auth/login', {
      body: { email: user.email, password: user.password },
    });
    expect(login.body.user.email_verified).toBe(true);
    const again = await t.request('POST', '/api/auth/verify-email', { body: { token } });
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({ error: { code: 'auth/invalid-verification-token' } });
  });

  it('refuses an empty or unknown token', async () => {
    expect((await t.request('POST', '/api/auth/verify-email', { body: { token: '' } })).status).toBe(400);
    const unknown = await t.request('POST', '/api/auth/verify-email', { body: { token: 'nope' } });
    expect(unknown.body).toMatchObject({ error: { code: 'auth/invalid-verification-token' } });
  });
});

describe('POST /api/auth/verification-mail', () => {
  it('sends a new link that works and retires the previous one, then limits resends', async () => {
    const user = await t.signUp();
    const first = tokenOf(linksIn(await t.smtp.waitForMail(user.email))[0]);
    const resend = await t.request('POST', '/api/auth/verification-mail', { token: user.token });
    expect(resend.status).toBe(202);
    const second = await t.smtp.waitForMail(user.email, (m) => tokenOf(linksIn(m)[0]) !== first);
    expect((await t.request('POST', '/api/auth/verify-email', { body: { token: first } })).status).toBe(400);
    expect(
      (await t.request('POST', '/api/auth/verify-email', { body: { token: tokenOf(linksIn(second)[0]) } })).status,
    ).toBe(200);

    const other = await t.signUp();
    for (let i = 0; i < 3; i += 1) {
      expect((await t.request('POST', '/api/auth/verification-mail', { token: other.token })).status).toBe(202);
    }
    const limited = await t.request('POST', '/api/auth/verification-mail', { token: other.token });
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBeTruthy();
  });

  it('requires a signed-in caller', async () => {
    expect((await t.request('POST', '/api/auth/verification-mail')).status).toBe(401);
  });
});
