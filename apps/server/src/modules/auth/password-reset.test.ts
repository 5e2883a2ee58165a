import { linksIn } from '@deckhand/testkit/smtp-receiver';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, uniqueEmail } from '../../../test/support/test-app';
import { oneTimeTokens } from '../../db/schema/users';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function resetLinkFor(email: string): Promise<string> {
  const before = t.smtp.mails.length;
  const res = await t.request('POST', '/api/auth/password-reset', { body: { email } });
  expect(res.status).toBe(202);
  const mail = await t.smtp.waitForMail(
    email,
    (m) => m.subject === 'Reset your Deckhand password' && t.smtp.mails.indexOf(m) >= before,
  );
  const link = linksIn(mail)[0] ?? '';
  expect(link).toMatch(new RegExp(`^${t.config.publicUrl}/login\\?mode=reset&token=`));
  return new URL(link).searchParams.get('token') ?? '';
}

const newPassword = 'Fresh-harbour-71';

describe('POST /api/auth/password-reset', () => {
  it('answers 202 with the same body whether or not the account exists', async () => {
    const user = await t.signUp();
    const known = await t.request('POST', '/api/auth/password-reset', { body: { email: user.email } });
    const unknown = await t.request('POST', '/api/auth/password-reset', { body: { email: uniqueEmail('ghost') } });
    expect(known.status).toBe(202);
    expect(unknown.status).toBe(202);
    expect(unknown.body).toEqual(known.body);
  });

  it('asks for a valid address', async () => {
    const res = await t.request('POST', '/api/auth/password-reset', { body: { email: '' } });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: { code: 'auth/invalid-email' } });
  });

  it('stops mailing one account after 3 requests in 15 minutes, answering the same', async () => {
    const user = await t.signUp();
    for (let i = 0; i < 5; i += 1) {
      expect((await t.request('POST', '/api/auth/password-reset', { body: { email: user.email } })).status).toBe(202);
    }
    // A reset token is created, before the answer, for each mail that goes out.
    const rows = await t.database.db.select().from(oneTimeTokens).where(eq(oneTimeTokens.userId, user.id));
    expect(rows.filter((r) => r.purpose === 'password-reset')).toHaveLength(3);
  });
});

describe('POST /api/auth/password-reset/confirm', () => {
  it('sets the new password, signs out every session, and the link works once', async () => {
    const user = await t.signUp();
    const token = await resetLinkFor(user.email);
    const res = await t.request('POST', '/api/auth/password-reset/confirm', { body: { token, password: newPassword } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok' });

    const oldLogin = await t.request('POST', '/api/auth/login', {
      body: { email: user.email, password: user.password },
    });
    expect(oldLogin.status).toBe(401);
    const newLogin = await t.request('POST', '/api/auth/login', { body: { email: user.email, password: newPassword } });
    expect(newLogin.status).toBe(200);
    const refresh = await t.request('POST', '/api/auth/refresh', { headers: { cookie: user.refreshCookie } });
    expect(refresh.status).toBe(401);

    const reuse = await t.request('POST', '/api/auth/password-reset/confirm', {
      body: { token, password: 'Another-harbour-72' },
    });
    expect(reuse.status).toBe(400);
    expect(reuse.body).toMatchObject({ error: { code: 'auth/invalid-reset-token' } });
  });

  it('refuses an expired link', async () => {
    const user = await t.signUp();
    const token = await resetLinkFor(user.email);
    await t.database.db
      .update(oneTimeTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(oneTimeTokens.userId, user.id));
    const res = await t.request('POST', '/api/auth/password-reset/confirm', { body: { token, password: newPassword } });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: { code: 'auth/invalid-reset-token' } });
  });

  it('keeps the link usable when the new password is weak', async () => {
    const user = await t.signUp();
    const token = await resetLinkFor(user.email);
    const weak = await t.request('POST', '/api/auth/password-reset/confirm', { body: { token, password: 'password' } });
    expect(weak.status).toBe(400);
    expect(weak.body).toMatchObject({ error: { code: 'auth/weak-password' } });
    const ok = await t.request('POST', '/api/auth/password-reset/confirm', { body: { token, password: newPassword } });
    expect(ok.status).toBe(200);
  });

  it('refuses an unknown token and a verification token', async () => {
    const user = await t.signUp();
    const verifyMail = await t.smtp.waitForMail(user.email);
    const verifyToken = new URL(linksIn(verifyMail)[0] ?? '').searchParams.get('token');
    for (const token of ['made-up', verifyToken]) {
      const res = await t.request('POST', '/api/auth/password-reset/confirm', {
        body: { token, password: newPassword },
      });
      expect(res.status).toBe(400);
    }
  });
});
