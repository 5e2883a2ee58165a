import { generateKeyPair, importJWK, SignJWT, UnsecuredJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { cookieFrom, createTestApp, type TestApp } from '../../../test/support/test-app';
import { instanceSecrets } from '../../db/schema/instance-secrets';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

function refresh(cookie: string | undefined) {
  return t.request<{ id_token: string; user: { id: string } }>('POST', '/api/auth/refresh', {
    headers: cookie ? { cookie } : {},
  });
}

function payloadOf(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8'));
}

describe('ID tokens', () => {
  it('are ES256 JWTs for the user that expire after 15 minutes', async () => {
    const user = await t.signUp();
    const header = JSON.parse(Buffer.from(user.token.split('.')[0] ?? '', 'base64url').toString('utf8'));
    expect(header.alg).toBe('ES256');
    const payload = payloadOf(user.token);
    expect(payload.sub).toBe(user.id);
    expect(Number(payload.exp) - Number(payload.iat)).toBe(15 * 60);
  });

  it.each([
    ['no token', undefined],
    ['an empty token', ''],
    ['garbage', 'not.a.jwt'],
  ])('refuses %s with 401 auth/unauthenticated', async (_label, token) => {
    const res = await t.request('GET', '/api/profile', { ...(token !== undefined && { token }) });
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ error: { code: 'auth/unauthenticated' } });
  });

  it('refuses an unsigned alg:none token, a token signed by another key, and an expired one', async () => {
    const user = await t.signUp();
    const claims = payloadOf(user.token);
    const unsigned = new UnsecuredJWT(claims).encode();
    const { privateKey } = await generateKeyPair('ES256');
    const forged = await new SignJWT(claims).setProtectedHeader({ alg: 'ES256' }).sign(privateKey);
    const hs256 = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256' })
      .sign(new TextEncoder().encode('x'.repeat(32)));
    // The instance's own key, read from the database, to mint an otherwise valid but expired token.
    const [row] = await t.database.db.select().from(instanceSecrets);
    const realKey = await importJWK(z.object({ privateJwk: z.looseObject({}) }).parse(row?.value).privateJwk, 'ES256');
    const expired = await new SignJWT({ ...claims, exp: Math.floor(Date.now() / 1000) - 10 })
      .setProtectedHeader({ alg: 'ES256' })
      .sign(realKey);
    const valid = await new SignJWT(claims).setProtectedHeader({ alg: 'ES256' }).sign(realKey);
    for (const token of [unsigned, forged, hs256, expired]) {
      const res = await t.request('GET', '/api/profile', { token });
      expect(res.status).toBe(401);
    }
    expect((await t.request('GET', '/api/profile', { token: valid })).status).toBe(200);
  });
});

describe('remembered ID tokens', () => {
  it('stop working when they expire, even after they were accepted', async () => {
    const user = await t.signUp();
    const [row] = await t.database.db.select().from(instanceSecrets);
    const key = await importJWK(z.object({ privateJwk: z.looseObject({}) }).parse(row?.value).privateJwk, 'ES256');
    const shortLived = await new SignJWT({ ...payloadOf(user.token), exp: Math.floor(Date.now() / 1000) + 2 })
      .setProtectedHeader({ alg: 'ES256' })
      .sign(key);
    expect((await t.request('GET', '/api/profile', { token: shortLived })).status).toBe(200);
    await expect
      .poll(async () => (await t.request('GET', '/api/profile', { token: shortLived })).status, {
        timeout: 5000,
        interval: 250,
      })
      .toBe(401);
  });
});

describe('POST /api/auth/refresh', () => {
  it('rotates: answers a new ID token and a new cookie, and the old cookie stops working', async () => {
    const user = await t.signUp();
    const first = await refresh(user.refreshCookie);
    expect(first.status).toBe(200);
    expect(first.body.user.id).toBe(user.id);
    const next = cookieFrom(first.headers, 'deckhand_refresh');
    expect(next).toBeDefined();
    expect(next).not.toBe(user.refreshCookie);
    expect((await refresh(next)).status).toBe(200);
  });

  it('revokes the whole family when a rotated token is reused', async () => {
    const user = await t.signUp();
    const rotated = await refresh(user.refreshCookie);
    const current = cookieFrom(rotated.headers, 'deckhand_refresh');
    const replay = await refresh(user.refreshCookie);
    expect(replay.status).toBe(401);
    expect(replay.body).toMatchObject({ error: { code: 'auth/invalid-refresh-token' } });
    expect((await refresh(current)).status).toBe(401);
  });

  it('lets only one of two concurrent uses of one token succeed', async () => {
    const user = await t.signUp();
    const results = await Promise.all([refresh(user.refreshCookie), refresh(user.refreshCookie)]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 401]);
  });

  it('answers 204 with no body when no session cookie came', async () => {
    const res = await refresh(undefined);
    expect(res.status).toBe(204);
    expect(res.text).toBe('');
  });

  it('answers 401 to an unknown cookie, and clears it', async () => {
    const res = await refresh('deckhand_refresh=forged');
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ error: { code: 'auth/invalid-refresh-token' } });
    expect(res.headers.getSetCookie().join()).toMatch(/deckhand_refresh=;/);
  });
});

describe('POST /api/auth/logout', () => {
  it('revokes the refresh token and clears the cookie', async () => {
    const user = await t.signUp();
    const res = await t.request('POST', '/api/auth/logout', { headers: { cookie: user.refreshCookie } });
    expect(res.status).toBe(204);
    expect(res.headers.getSetCookie().join()).toMatch(/deckhand_refresh=;/);
    expect((await refresh(user.refreshCookie)).status).toBe(401);
  });

  it('answers 204 when not signed in', async () => {
    expect((await t.request('POST', '/api/auth/logout')).status).toBe(204);
  });
});
