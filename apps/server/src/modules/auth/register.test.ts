import { linksIn } from '@deckhand/testkit/smtp-receiver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookieFrom, createTestApp, strongPassword, type TestApp, uniqueEmail } from '../../../test/support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('POST /api/auth/register', () => {
  it('creates the account and profile, signs in with a refresh cookie and mails a verification link', async () => {
    const email = uniqueEmail('ann');
    const res = await t.request<{ id_token: string; user: Record<string, unknown> }>('POST', '/api/auth/register', {
      body: { email: `  ${email.toUpperCase()} `, password: strongPassword, name: '  Ann Example ' },
    });
    expect(res.status).toBe(201);
    expect(res.body.user).toEqual({ id: expect.any(String), email, name: 'Ann Example', email_verified: false });
    expect(res.body.id_token.split('.')).toHaveLength(3);
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith('deckhand_refresh='));
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Strict/);
    expect(cookie).toMatch(/Path=\/api\/auth/);

    const mail = await t.smtp.waitForMail(email);
    expect(mail.subject).toBe('Verify your email for Deckhand');
    expect(linksIn(mail)[0]).toMatch(new RegExp(`^${t.config.publicUrl}/login\\?mode=verify&token=`));

    const profile = await t.request<Record<string, string>>('GET', '/api/profile', { token: res.body.id_token });
    expect(profile.body).toMatchObject({ email, name: 'Ann Example', avatar_url: '', last_project_id: '' });
    expect(profile.body.color).toMatch(/^#[0-9a-f]{6}$/);
  });

  it('records user_created with the user id', async () => {
    const user = await t.signUp();
    const { usageEvents } = await import('../../db/schema/usage-events');
    const { eq } = await import('drizzle-orm');
    await expect
      .poll(async () => t.database.db.select().from(usageEvents).where(eq(usageEvents.userId, user.id)))
      .toEqual([expect.objectContaining({ name: 'user_created', properties: { user_id: user.id } })]);
  });

  it.each([['not-an-email'], ['a@b'], ['two@@example.test'], ['spaces in@example.test'], ['']])(
    'refuses the address %j with auth/invalid-email',
    async (email) => {
      const res = await t.request('POST', '/api/auth/register', {
        body: { email, password: strongPassword, name: 'X' },
      });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: { code: 'auth/invalid-email', message: expect.any(String) } });
    },
  );

  it.each([
    ['too short', 'Ab1-xyz'],
    ['a common password', 'password1234'],
    ['a keyboard walk', 'qwertyuiop'],
    ['longer than 128 characters', `${'Tr0ub4dour-sail-9'.repeat(8)}x`],
  ])('refuses %s with auth/weak-password', async (_label, password) => {
    const email = uniqueEmail();
    const res = await t.request('POST', '/api/auth/register', { body: { email, password, name: 'X' } });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: { code: 'auth/weak-password', message: expect.any(String) } });
  });

  it('refuses a password made of the person’s own address', async () => {
    const email = uniqueEmail('sailor');
    const res = await t.request('POST', '/api/auth/register', { body: { email, password: email, name: 'X' } });
    expect(res.status).toBe(400);
  });

  it('answers 409 auth/email-already-in-use for an address in any case', async () => {
    const user = await t.signUp();
    const res = await t.request('POST', '/api/auth/register', {
      body: { email: user.email.toUpperCase(), password: strongPassword, name: 'Again' },
    });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ error: { code: 'auth/email-already-in-use', message: expect.any(String) } });
  });

  it('keeps one account when the same address registers twice at once', async () => {
    const email = uniqueEmail();
    const body = { email, password: strongPassword, name: 'Twin' };
    const results = await Promise.all([
      t.request('POST', '/api/auth/register', { body }),
      t.request('POST', '/api/auth/register', { body }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
  });

  it.each([
    ['a missing name', { email: 'x@example.test', password: strongPassword }, 'name'],
    ['an empty name', { email: 'x@example.test', password: strongPassword, name: '   ' }, 'name'],
    ['a number as password', { email: 'x@example.test', password: 12345678, name: 'X' }, 'password'],
    ['an unknown field', { email: 'x@example.test', password: strongPassword, name: 'X', admin: true }, 'admin'],
  ])('answers 400 request/invalid naming the field for %s', async (_label, body, field) => {
    const res = await t.request<{ error: { code: string; message: string } }>('POST', '/api/auth/register', { body });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('request/invalid');
    expect(res.body.error.message).toContain(field);
  });

  it('limits account creation per address', async () => {
    const ip = '10.200.0.1';
    for (let i = 0; i < 20; i += 1) {
      const res = await t.request('POST', '/api/auth/register', {
        ip,
        body: { email: uniqueEmail('burst'), password: strongPassword, name: 'Burst' },
      });
      expect(res.status).toBe(201);
    }
    const refused = await t.request('POST', '/api/auth/register', {
      ip,
      body: { email: uniqueEmail('burst'), password: strongPassword, name: 'Burst' },
    });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(cookieFrom(refused.headers, 'deckhand_refresh')).toBeUndefined();
  });
});
