import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, strongPassword, type TestApp, uniqueEmail } from '../../test/support/test-app';

let t: TestApp;
let webDir: string;
beforeAll(async () => {
  webDir = await fs.mkdtemp(path.join(os.tmpdir(), 'deckhand-web-'));
  await fs.mkdir(path.join(webDir, 'assets'));
  await fs.writeFile(path.join(webDir, 'index.html'), '<!doctype html><title>Deckhand</title>');
  await fs.writeFile(path.join(webDir, 'assets', 'index-abc123.js'), 'console.log(1)');
  await fs.writeFile(path.join(webDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  t = await createTestApp({}, { webDistDir: webDir });
});
afterAll(async () => {
  await t.close();
  await fs.rm(webDir, { recursive: true, force: true });
});

describe('API basics', () => {
  it('answers health, and a doubled slash like a single one', async () => {
    expect((await t.request('GET', '/api/health')).body).toEqual({ status: 'ok' });
    expect((await t.request('GET', '/api//health')).status).toBe(200);
  });

  it('answers an unknown API path with a JSON 404', async () => {
    for (const [method, url] of [
      ['GET', '/api/nope'],
      ['POST', '/api/nope/deeper'],
      ['DELETE', '/api'],
    ] as const) {
      const res = await t.request(method, url);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ error: { code: 'request/not-found', message: expect.any(String) } });
    }
  });

  it('answers malformed JSON with 400 request/invalid-json', async () => {
    const res = await t.request('POST', '/api/auth/login', { rawBody: '{"email": "a@b.co",' });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: { code: 'request/invalid-json' } });
  });

  it.each([
    ['null', 'null'],
    ['an array', '[]'],
    ['a string', '"hello"'],
    ['an empty body', ''],
  ])('answers %s as a JSON body with a 4xx', async (_label, rawBody) => {
    const res = await t.request('POST', '/api/auth/register', { rawBody });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expect(res.body).toMatchObject({ error: { code: expect.stringMatching(/^request\//) } });
  });

  it('answers text with a NUL character, in a JSON body or the URL, with 400 and stores nothing', async () => {
    const email = uniqueEmail();
    for (const rawBody of [
      `{"email":"${email}","password":"${strongPassword}","name":"a\\u0000b"}`,
      `{"email":"${email}","password":"${strongPassword}","name":"\\\\\\u0000"}`,
    ]) {
      const res = await t.request('POST', '/api/auth/register', { rawBody });
      expect(res.status, rawBody).toBe(400);
      expect(res.body).toMatchObject({ error: { code: 'request/invalid', message: expect.stringContaining('NUL') } });
    }
    const search = await t.request('GET', '/api/projects?q=%00');
    expect(search.status).toBe(400);
    // A backslash followed by "u0000" is ordinary text.
    const literal = await t.request('POST', '/api/auth/register', {
      rawBody: `{"email":"${email}","password":"${strongPassword}","name":"a\\\\u0000b"}`,
    });
    expect(literal.status).toBe(201);
  });

  it('answers a body over 1 MiB with 413', async () => {
    const res = await t.request('POST', '/api/auth/login', {
      rawBody: JSON.stringify({ email: 'a@b.co', password: 'x'.repeat(1024 * 1024 + 10) }),
    });
    expect(res.status).toBe(413);
    expect(res.body).toMatchObject({ error: { code: 'request/too-large' } });
  });

  it('answers an unsupported content type with 415', async () => {
    const res = await t.request('POST', '/api/auth/login', {
      rawBody: 'email=a@b.co',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res.status).toBe(415);
  });

  it('publishes the OpenAPI document and a browsable UI', async () => {
    const doc = await t.request<{ openapi: string; paths: Record<string, unknown> }>('GET', '/api/docs/json');
    expect(doc.status).toBe(200);
    expect(doc.body.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.body.paths)).toEqual(expect.arrayContaining(['/api/auth/register', '/api/profile']));
    const ui = await t.request('GET', '/api/docs/');
    expect(ui.status).toBe(200);
    expect(ui.text).toContain('swagger');
  });

  it('tells the web app its runtime configuration', async () => {
    const res = await t.request('GET', '/api/client-config');
    expect(res.body).toEqual({
      version: expect.any(String),
      oidc_google_enabled: false,
      sentry_dsn: expect.stringMatching(/^http:\/\/[0-9a-f]{32}@127\.0\.0\.1:\d+\/ingest\/1$/),
      sentry_own_intake: true,
      feedback_require_name: false,
      feedback_require_email: false,
      file_max_bytes: 100 * 1024 * 1024,
    });
  });
});

describe('web app serving', () => {
  it('answers any page path with index.html and security headers', async () => {
    for (const url of ['/', '/dashboard', '/0190-any/cards/x', '/login?mode=register']) {
      const res = await t.request('GET', url);
      expect(res.status).toBe(200);
      expect(res.text).toContain('<title>Deckhand</title>');
      expect(res.headers.get('cache-control')).toBe('no-cache');
      expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
      expect(res.headers.get('content-security-policy')).toContain("script-src 'self';");
      expect(res.headers.get('content-security-policy')).toContain("worker-src 'self';");
      // File links are made under PUBLIC_URL, which may name the server otherwise than the page's address.
      expect(res.headers.get('content-security-policy')).toContain(`img-src 'self' ${t.config.publicUrl} data:`);
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    }
  });

  it('caches hashed assets for a year and 404s missing ones instead of sending HTML', async () => {
    const asset = await t.request('GET', '/assets/index-abc123.js');
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect((await t.request('GET', '/favicon.svg')).headers.get('cache-control')).toBe('no-cache');
    expect((await t.request('GET', '/assets/gone-123.js')).status).toBe(404);
  });

  it('serves what a build wrote while it ran, as the index.html it sends names it', async () => {
    // `npm run build` for an upgrade, before the restart: the page already names the new build's assets.
    await fs.writeFile(path.join(webDir, 'assets', 'index-new456.js'), 'console.log(2)');
    const asset = await t.request('GET', '/assets/index-new456.js');
    expect(asset.status).toBe(200);
    expect(asset.text).toBe('console.log(2)');
    expect(asset.headers.get('content-type')).toContain('javascript');
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect((await t.request('GET', '/assets/index-still-missing.js')).status).toBe(404);
  });

  it('puts security headers on API answers too', async () => {
    const res = await t.request('GET', '/api/health');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });
});

describe('an external SENTRY_DSN', () => {
  it('is allowed by the page’s connect-src', async () => {
    const withDsn = await createTestApp(
      { SENTRY_DSN: 'https://abc123@glitchtip.example.test/7' },
      { webDistDir: webDir },
    );
    try {
      const csp = (await withDsn.request('GET', '/dashboard')).headers.get('content-security-policy') ?? '';
      expect(csp).toContain("connect-src 'self' ws: wss: https://glitchtip.example.test;");
    } finally {
      await withDsn.close();
    }
  });
});

describe('logs', () => {
  it('never contain passwords, tokens, cookies or the token query parameter', async () => {
    const email = uniqueEmail('logs');
    const reg = await t.request<{ id_token: string }>('POST', '/api/auth/register', {
      body: { email, password: strongPassword, name: 'Logs' },
    });
    const cookie = reg.headers.getSetCookie()[0]?.split(';')[0] ?? '';
    await t.request('GET', '/api/profile', { token: reg.body.id_token });
    await t.request('POST', '/api/auth/refresh', { headers: { cookie } });
    await t.request('GET', `/updates?token=${reg.body.id_token}`);
    await t.request('GET', `/api/nope?token=${reg.body.id_token}&x=1`);
    const logs = t.logs.join('\n');
    expect(logs).toContain('/api/nope?token=[REDACTED]&x=1');
    expect(logs).not.toContain(strongPassword);
    expect(logs).not.toContain(reg.body.id_token);
    expect(logs).not.toContain(cookie.split('=')[1]);
  });
});
