import { type OidcIssuer, startOidcIssuer } from '@deckhand/testkit/oidc-issuer';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, freePort, type TestApp, uniqueEmail } from '../../../../test/support/test-app';
import { usageEvents } from '../../../db/schema/usage-events';

let issuer: OidcIssuer;
let t: TestApp;
beforeAll(async () => {
  const port = await freePort();
  issuer = await startOidcIssuer({ redirectUris: [`http://127.0.0.1:${port}/api/auth/oidc/google/callback`] });
  t = await createTestApp({
    PORT: String(port),
    OIDC_GOOGLE_ISSUER: issuer.issuer,
    OIDC_GOOGLE_CLIENT_ID: issuer.clientId,
    OIDC_GOOGLE_CLIENT_SECRET: issuer.clientSecret,
  });
});
afterAll(async () => {
  await t.close();
  await issuer.close();
});

/** A browser's cookies, per host, enough to walk a redirect chain. */
class CookieJar {
  private readonly byHost = new Map<string, Map<string, string>>();
  header(url: URL): string {
    return [...(this.byHost.get(url.host) ?? new Map<string, string>())].map(([k, v]) => `${k}=${v}`).join('; ');
  }
  store(url: URL, headers: Headers): void {
    const cookies = this.byHost.get(url.host) ?? new Map<string, string>();
    for (const line of headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const eq = pair.indexOf('=');
      const value = pair.slice(eq + 1);
      if (value === '' || /max-age=0|expires=thu, 01 jan 1970/i.test(line)) cookies.delete(pair.slice(0, eq));
      else cookies.set(pair.slice(0, eq), value);
    }
    this.byHost.set(url.host, cookies);
  }
  get(host: string, name: string): string | undefined {
    return this.byHost.get(host)?.get(name);
  }
}

async function browse(jar: CookieJar, start: string, init: RequestInit = {}): Promise<{ url: URL; res: Response }> {
  let url = new URL(start);
  let request: RequestInit = init;
  for (let hop = 0; hop < 12; hop += 1) {
    const headers = new Headers(request.headers);
    const cookie = jar.header(url);
    if (cookie) headers.set('cookie', cookie);
    const res = await fetch(url, { ...request, headers, redirect: 'manual' });
    jar.store(url, res.headers);
    const location = res.headers.get('location');
    if (res.status < 300 || res.status >= 400 || !location) return { url, res };
    url = new URL(location, url);
    request = {};
  }
  throw new Error('too many redirects');
}

/** Starts at Deckhand, signs in at the issuer as `email`, and returns the popup page's result. */
async function signInWithIssuer(email: string, name = 'Fed Person', jar = new CookieJar()) {
  const form = await browse(jar, `${t.url}/api/auth/oidc/google/start`);
  expect(form.url.origin).toBe(issuer.issuer);
  expect(await form.res.text()).toContain('Continue');
  const done = await browse(jar, form.url.href, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ email, name }).toString(),
  });
  const html = await done.res.text();
  const json = /<script type="application\/json" id="deckhand-oidc-result">(.*?)<\/script>/s.exec(html)?.[1];
  return { status: done.res.status, url: done.url, html, result: JSON.parse(json ?? 'null'), jar };
}

describe('federated sign-in (OIDC)', () => {
  it('tells the web app that Google sign-in is available', async () => {
    expect((await t.request('GET', '/api/client-config')).body).toMatchObject({ oidc_google_enabled: true });
  });

  it('redirects to the issuer with PKCE S256, state and nonce', async () => {
    const res = await t.request('GET', '/api/auth/oidc/google/start');
    expect(res.status).toBe(302);
    const location = new URL(res.headers.get('location') ?? '');
    expect(location.origin).toBe(issuer.issuer);
    expect(location.searchParams.get('code_challenge_method')).toBe('S256');
    expect(location.searchParams.get('code_challenge')).toBeTruthy();
    expect(location.searchParams.get('state')).toBeTruthy();
    expect(location.searchParams.get('nonce')).toBeTruthy();
    expect(location.searchParams.get('redirect_uri')).toBe(`${t.url}/api/auth/oidc/google/callback`);
    expect(res.headers.getSetCookie().join()).toMatch(/deckhand_oidc=.*HttpOnly.*SameSite=Lax/i);
  });

  it('creates the account and profile on first sign-in and hands a working ID token to the opener', async () => {
    const email = uniqueEmail('fed');
    const { status, url, result, html, jar } = await signInWithIssuer(email, 'Fed Person');
    expect(status).toBe(200);
    expect(url.pathname).toBe('/api/auth/oidc/google/callback');
    expect(html).toContain('/api/auth/oidc/popup.js');
    expect(result).toEqual({
      type: 'deckhand-oidc',
      status: 'ok',
      id_token: expect.any(String),
      new_user: true,
      user: { id: expect.any(String), email, name: 'Fed Person', email_verified: true },
    });
    const profile = await t.request('GET', '/api/profile', { token: result.id_token });
    expect(profile.body).toMatchObject({ email, name: 'Fed Person', avatar_url: expect.stringMatching(/^https:\/\//) });
    expect(jar.get(new URL(t.url).host, 'deckhand_refresh')).toBeTruthy();
    await expect
      .poll(async () =>
        (await t.database.db.select().from(usageEvents).where(eq(usageEvents.userId, result.user.id))).map(
          (e) => e.name,
        ),
      )
      .toContain('user_created');

    const again = await signInWithIssuer(email);
    expect(again.result).toMatchObject({ status: 'ok', new_user: false, user: { id: result.user.id } });
  });

  it('links an existing password account when the issuer verified the address', async () => {
    const user = await t.signUp();
    const { result } = await signInWithIssuer(user.email);
    expect(result).toMatchObject({ status: 'ok', new_user: false, user: { id: user.id, email_verified: true } });
  });

  it('refuses to link an existing account to an unverified address', async () => {
    const user = await t.signUp();
    issuer.markUnverified(user.email);
    const { status, result } = await signInWithIssuer(user.email);
    expect(status).toBe(400);
    expect(result).toEqual({
      type: 'deckhand-oidc',
      status: 'error',
      message: expect.stringContaining('already exists'),
    });
  });

  it('refuses a callback replayed in another browser (state bound to the starting browser)', async () => {
    const jar = new CookieJar();
    const form = await browse(jar, `${t.url}/api/auth/oidc/google/start`);
    // Submit at the issuer but stop at the redirect back to Deckhand.
    const issuerJar = jar;
    let url = new URL(form.url.href);
    let res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: issuerJar.header(url) },
      body: new URLSearchParams({ email: uniqueEmail('csrf') }).toString(),
      redirect: 'manual',
    });
    while (res.headers.get('location') && new URL(res.headers.get('location') ?? '', url).origin === issuer.issuer) {
      issuerJar.store(url, res.headers);
      url = new URL(res.headers.get('location') ?? '', url);
      res = await fetch(url, { headers: { cookie: issuerJar.header(url) }, redirect: 'manual' });
    }
    const callback = new URL(res.headers.get('location') ?? '', url);
    expect(callback.pathname).toBe('/api/auth/oidc/google/callback');
    for (const cookie of [undefined, 'deckhand_oidc=someone-elses-key']) {
      const stranger = await fetch(callback, { redirect: 'manual', headers: cookie ? { cookie } : {} });
      expect(stranger.status).toBe(400);
      expect(await stranger.text()).toContain('expired or was opened elsewhere');
    }
    // The browser that started the flow still finishes it.
    const own = await fetch(callback, { redirect: 'manual', headers: { cookie: jar.header(callback) } });
    expect(own.status).toBe(200);
    expect(await own.text()).toContain('"status":"ok"');
  });

  it('answers a cancelled sign-in and a forged state with an error page, never a 500', async () => {
    const cancelled = await t.request('GET', '/api/auth/oidc/google/callback?error=access_denied&state=x');
    expect(cancelled.status).toBe(400);
    expect(cancelled.text).toContain('cancelled');
    const forged = await t.request('GET', '/api/auth/oidc/google/callback?code=abc&state=forged', {
      headers: { cookie: 'deckhand_oidc=whatever' },
    });
    expect(forged.status).toBe(400);
    const unknownProvider = await t.request('GET', '/api/auth/oidc/github/start');
    expect(unknownProvider.status).toBe(400);
  });

  it('serves the popup script that posts to the opener on the same origin only', async () => {
    const res = await t.request('GET', '/api/auth/oidc/popup.js');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/javascript/);
    expect(res.text).toContain('window.opener.postMessage(data, window.location.origin)');
  });
});

describe('federated sign-in when not configured', () => {
  it('shows an error page and client-config says it is off', async () => {
    const plain = await createTestApp();
    try {
      expect((await plain.request('GET', '/api/client-config')).body).toMatchObject({ oidc_google_enabled: false });
      const res = await plain.request('GET', '/api/auth/oidc/google/start');
      expect(res.status).toBe(404);
      expect(res.text).toContain('not set up');
    } finally {
      await plain.close();
    }
  });
});
