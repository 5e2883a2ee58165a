import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { type ErrorGroup, reportLimits } from '@deckhand/contract/reports';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildEnvelope, eventItem, keyOfDsn, postEnvelope } from '../../../test/support/envelopes';
import { createTestApp, randomIp, type TestApp, type TestUser } from '../../../test/support/test-app';

let t: TestApp;
let admin: TestUser;
let key: string;
let dataDir: string;

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'deckhand-intake-'));
  t = await createTestApp({ DATA_DIR: dataDir });
  admin = await t.signUp();
  key = keyOfDsn((await t.request<{ sentry_dsn: string }>('GET', '/api/client-config')).body.sentry_dsn);
});
afterAll(async () => {
  await t.close();
  await fs.rm(dataDir, { recursive: true, force: true });
});

function errorEnvelope(message: string, userId?: string): Buffer {
  const eventId = randomBytes(16).toString('hex');
  const event = { event_id: eventId, message, level: 'error', ...(userId && { user: { id: userId } }) };
  return buildEnvelope({ event_id: eventId }, [eventItem(event)]);
}

async function groupCount(title: string): Promise<number | undefined> {
  const groups = (await t.request<ErrorGroup[]>('GET', '/api/admin/reports/errors', { token: admin.token })).body;
  return groups.find((g) => g.title === title)?.count;
}

describe('the intake checks who is posting', () => {
  it('accepts the key in X-Sentry-Auth and a path without the trailing slash', async () => {
    const res = await postEnvelope(t, errorEnvelope('keyed by header'), {
      path: '/ingest/api/1/envelope',
      headers: { 'x-sentry-auth': `Sentry sentry_version=7, sentry_client=test/1.0, sentry_key=${key}` },
    });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ id: expect.stringMatching(/^[0-9a-f]{32}$/) });
    expect(await groupCount('keyed by header')).toBe(1);
  });

  it.each([
    ['no key', undefined, '/ingest/api/1/envelope/', 401, 'reports/missing-key'],
    ['a wrong key', '0'.repeat(32), '/ingest/api/1/envelope/', 403, 'reports/invalid-key'],
    ['an unknown project', 'KEY', '/ingest/api/2/envelope/', 404, 'reports/unknown-project'],
  ])('refuses %s', async (_label, givenKey, url, status, code) => {
    const res = await postEnvelope(t, errorEnvelope(`refused ${code}`), {
      key: givenKey === 'KEY' ? key : givenKey,
      path: url,
    });
    expect(res.status).toBe(status);
    expect(res.json).toEqual({ error: { code, message: expect.any(String) } });
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(await groupCount(`refused ${code}`)).toBeUndefined();
  });

  it('answers CORS preflights from any origin', async () => {
    const res = await fetch(`${t.url}/ingest/api/1/envelope/?sentry_key=${key}`, {
      method: 'OPTIONS',
      headers: { origin: 'https://elsewhere.example', 'access-control-request-method': 'POST' },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('access-control-allow-methods')).toContain('POST');
  });
});

describe('the intake reads what it is sent', () => {
  it('accepts gzip and deflate bodies and every content type SDKs use', async () => {
    const gz = await postEnvelope(t, zlib.gzipSync(errorEnvelope('gzipped')), {
      key,
      headers: { 'content-encoding': 'gzip', 'content-type': 'application/x-sentry-envelope' },
    });
    expect(gz.status).toBe(200);
    const deflated = await postEnvelope(t, zlib.deflateSync(errorEnvelope('deflated')), {
      key,
      headers: { 'content-encoding': 'deflate', 'content-type': 'application/json' },
    });
    expect(deflated.status).toBe(200);
    expect(await groupCount('gzipped')).toBe(1);
    expect(await groupCount('deflated')).toBe(1);
  });

  it.each([
    ['an empty body', ''],
    ['a header that is not JSON', 'nope\n{"type":"event"}\n{}'],
    ['an item without a type', '{}\n{"length":2}\n{}'],
    ['an item shorter than its length', '{}\n{"type":"attachment","length":99}\nabc'],
    ['an event that is not an object', '{}\n{"type":"event"}\n[1,2,3]'],
    ['an event that is not JSON', '{}\n{"type":"event"}\n{"exception":'],
    ['feedback without a message', '{}\n{"type":"feedback"}\n{"contexts":{"feedback":{"name":"x"}}}'],
  ])('answers 400 to %s', async (_label, body) => {
    const res = await postEnvelope(t, body, { key });
    expect(res.status).toBe(400);
    expect(res.json).toEqual({ error: { code: 'reports/invalid-envelope', message: expect.any(String) } });
  });

  it('answers 400 to a body that claims gzip but is not, and 415 to an unknown encoding', async () => {
    const notGzip = await postEnvelope(t, errorEnvelope('x'), { key, headers: { 'content-encoding': 'gzip' } });
    expect(notGzip.status).toBe(400);
    const unknown = await postEnvelope(t, errorEnvelope('x'), { key, headers: { 'content-encoding': 'zstd-ish' } });
    expect(unknown.status).toBe(415);
  });

  it('ignores item types it does not keep', async () => {
    const body = buildEnvelope({}, [
      { headers: { type: 'session' }, payload: '{"sid":"x"}' },
      { headers: { type: 'client_report' }, payload: '{"discarded_events":[]}' },
    ]);
    expect((await postEnvelope(t, body, { key })).status).toBe(200);
  });
});

describe('the intake limits size and rate', () => {
  it('answers 413 past 20 MB, before or after decompression', async () => {
    const big = Buffer.alloc(reportLimits.envelopeBytes + 1024, 0x61);
    const raw = await postEnvelope(t, big, { key });
    expect(raw.status).toBe(413);
    const bomb = zlib.gzipSync(Buffer.concat([Buffer.from('{}\n{"type":"attachment"}\n'), big]));
    expect(bomb.length).toBeLessThan(100_000);
    const res = await postEnvelope(t, bomb, { key, headers: { 'content-encoding': 'gzip' } });
    expect(res.status).toBe(413);
    expect(res.json).toEqual({ error: { code: 'request/too-large', message: expect.any(String) } });
  });

  it('limits envelopes per address, with Retry-After', async () => {
    const ip = randomIp();
    const body = buildEnvelope({}, [{ headers: { type: 'client_report' }, payload: '{}' }]);
    for (let i = 0; i < reportLimits.envelopesPerAddressPerMinute; i += 1) {
      expect((await postEnvelope(t, body, { key, ip })).status).toBe(200);
    }
    const limited = await postEnvelope(t, body, { key, ip });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await postEnvelope(t, body, { key, ip: randomIp() })).status).toBe(200);
  });

  it('limits envelopes per user across addresses', async () => {
    const userId = `user-${randomBytes(4).toString('hex')}`;
    for (let i = 0; i < reportLimits.envelopesPerUserPerMinute; i += 1) {
      expect((await postEnvelope(t, errorEnvelope('busy user', userId), { key, ip: randomIp() })).status).toBe(200);
    }
    const limited = await postEnvelope(t, errorEnvelope('busy user', userId), { key, ip: randomIp() });
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBeTruthy();
    expect(await groupCount('busy user')).toBe(reportLimits.envelopesPerUserPerMinute);
  });
});
