import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, uniqueEmail } from '../../../test/support/test-app';
import { profiles } from '../../db/schema/profiles';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('GET /api/profile', () => {
  it('creates a missing profile with name User, a random colour and empty fields', async () => {
    const user = await t.signUp();
    await t.database.db.delete(profiles).where(eq(profiles.userId, user.id));
    const res = await t.request('GET', '/api/profile', { token: user.token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      id: user.id,
      email: user.email,
      name: 'User',
      avatar_url: '',
      color: expect.stringMatching(/^#[0-9a-f]{6}$/),
      last_project_id: '',
      email_verified: false,
    });
  });

  it('requires a signed-in caller', async () => {
    expect((await t.request('GET', '/api/profile')).status).toBe(401);
  });
});

describe('PATCH /api/profile', () => {
  it('merges: only the fields sent change', async () => {
    const user = await t.signUp({ name: 'Before' });
    const before = await t.request<Record<string, string>>('GET', '/api/profile', { token: user.token });
    const res = await t.request('PATCH', '/api/profile', { token: user.token, body: { color: '#A1B2C3' } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ...before.body, color: '#a1b2c3' });
    const renamed = await t.request('PATCH', '/api/profile', {
      token: user.token,
      body: { name: ' After ', avatar_url: 'https://example.test/me.png' },
    });
    expect(renamed.body).toEqual({
      ...before.body,
      color: '#a1b2c3',
      name: 'After',
      avatar_url: 'https://example.test/me.png',
    });
  });

  it.each([
    ['an empty name', { name: '  ' }, 'name'],
    ['a name over 80 characters', { name: 'x'.repeat(81) }, 'name'],
    ['a colour that is not #rrggbb', { color: 'red' }, 'color'],
    ['a javascript: avatar URL', { avatar_url: 'javascript:alert(1)' }, 'avatar_url'],
    ['an http avatar URL', { avatar_url: 'http://example.test/me.png' }, 'avatar_url'],
    ['a last project that is not an id', { last_project_id: 'abc' }, 'last_project_id'],
    ['the email', { email: 'other@example.test' }, 'email'],
  ])('refuses %s with 400 naming the field, changing nothing', async (_label, body, field) => {
    const user = await t.signUp();
    const before = await t.request('GET', '/api/profile', { token: user.token });
    const res = await t.request<{ error: { code: string; message: string } }>('PATCH', '/api/profile', {
      token: user.token,
      body,
    });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('request/invalid');
    expect(res.body.error.message).toContain(field);
    expect((await t.request('GET', '/api/profile', { token: user.token })).body).toEqual(before.body);
  });
});

describe('POST /api/mail/greeting', () => {
  it('greets only the caller’s own address, whatever the body says, and only once', async () => {
    const user = await t.signUp({ name: 'Greta' });
    const victim = uniqueEmail('victim');
    const res = await t.request('POST', '/api/mail/greeting', {
      token: user.token,
      body: { email: victim, name: 'Spam' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ sent: true });
    const mail = await t.smtp.waitForMail(user.email, (m) => m.subject === 'Welcome to Deckhand');
    expect(mail.body).toContain('Greta');
    expect(t.smtp.mails.some((m) => m.to.includes(victim))).toBe(false);

    const again = await t.request('POST', '/api/mail/greeting', {
      token: user.token,
      body: { email: user.email, name: 'G' },
    });
    expect(again.body).toEqual({ sent: false });
  });

  it('requires a signed-in caller', async () => {
    const res = await t.request('POST', '/api/mail/greeting', { body: { email: uniqueEmail(), name: 'X' } });
    expect(res.status).toBe(401);
  });
});
