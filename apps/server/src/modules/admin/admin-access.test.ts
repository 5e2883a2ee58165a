import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Feedback } from '@deckhand/contract/reports';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildEnvelope, keyOfDsn, postEnvelope } from '../../../test/support/envelopes';
import { createTestApp, type TestApp, type TestUser, uniqueEmail } from '../../../test/support/test-app';
import { canAdministerInstance } from './policy';

const replayId = 'a'.repeat(32);
const adminPaths = [
  '/api/admin/access',
  '/api/admin/reports/errors',
  '/api/admin/reports/feedback',
  `/api/admin/reports/replays/${replayId}`,
  `/api/admin/reports/replays/${replayId}/events`,
  '/api/admin/insights?from=2025-01-01&to=2025-01-31',
];

describe('canAdministerInstance', () => {
  const ann = { id: 'u1', email: 'ann@example.test' };
  it.each([
    ['the first account when ADMIN_EMAILS is unset', ann, { adminEmails: [], firstUserId: 'u1' }, true],
    ['a later account when ADMIN_EMAILS is unset', ann, { adminEmails: [], firstUserId: 'u0' }, false],
    ['a listed address', ann, { adminEmails: ['ann@example.test'], firstUserId: 'u9' }, true],
    ['the first account when it is not listed', ann, { adminEmails: ['bo@example.test'], firstUserId: 'u1' }, false],
  ])('admits %s: %s', (_label, user, admins, expected) => {
    expect(canAdministerInstance(user, admins)).toBe(expected);
  });
});

describe('without ADMIN_EMAILS, the first registered account is the admin', () => {
  let t: TestApp;
  let admin: TestUser;
  let member: TestUser;
  let dataDir: string;
  let attachmentUrl: string;

  beforeAll(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'deckhand-admin-'));
    t = await createTestApp({ DATA_DIR: dataDir });
    admin = await t.signUp();
    member = await t.signUp();
    const key = keyOfDsn((await t.request<{ sentry_dsn: string }>('GET', '/api/client-config')).body.sentry_dsn);
    const png = randomBytes(100);
    const body = buildEnvelope({ event_id: randomBytes(16).toString('hex') }, [
      { headers: { type: 'feedback' }, payload: JSON.stringify({ contexts: { feedback: { message: 'Hi' } } }) },
      { headers: { type: 'attachment', length: png.length, filename: 'screenshot.png' }, payload: png },
    ]);
    await postEnvelope(t, body, { key });
    const list = await t.request<Feedback[]>('GET', '/api/admin/reports/feedback', { token: admin.token });
    attachmentUrl = list.body[0]?.attachments[0]?.url ?? '';
  });
  afterAll(async () => {
    await t.close();
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  it('lets the admin in', async () => {
    expect((await t.request('GET', '/api/admin/access', { token: admin.token })).body).toEqual({ admin: true });
    for (const url of ['/api/admin/reports/errors', '/api/admin/reports/feedback', attachmentUrl]) {
      expect((await t.request('GET', url, { token: admin.token })).status).toBe(200);
    }
  });

  it('answers 404 to every other account, as if the admin area did not exist', async () => {
    for (const url of [...adminPaths, attachmentUrl]) {
      const res = await t.request('GET', url, { token: member.token });
      expect(res.status, url).toBe(404);
      expect(res.body).toEqual({ error: { code: 'admin/not-found', message: 'Not found' } });
    }
  });

  it('answers 401 without a token, so the web app signs in again', async () => {
    for (const url of [...adminPaths, attachmentUrl]) {
      expect((await t.request('GET', url)).status, url).toBe(401);
    }
  });

  it('answers reports/not-found to the admin for an attachment or replay that does not exist', async () => {
    const missing = await t.request('GET', '/api/admin/reports/attachments/0192f1a2-aaaa-7bbb-8ccc-123456789abc', {
      token: admin.token,
    });
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ error: { code: 'reports/not-found' } });
    const replay = await t.request('GET', `/api/admin/reports/replays/${replayId}`, { token: admin.token });
    expect(replay.body).toMatchObject({ error: { code: 'reports/not-found' } });
  });
});

describe('with ADMIN_EMAILS, only the listed accounts are admins', () => {
  let t: TestApp;
  const listed = uniqueEmail('boss');

  beforeAll(async () => {
    t = await createTestApp({ ADMIN_EMAILS: `someone@example.test, ${listed.toUpperCase()}` });
  });
  afterAll(() => t.close());

  it('admits a listed address whatever its case, and not the first account', async () => {
    const first = await t.signUp();
    const boss = await t.signUp({ email: listed });
    expect((await t.request('GET', '/api/admin/access', { token: first.token })).status).toBe(404);
    expect((await t.request('GET', '/api/admin/access', { token: boss.token })).status).toBe(200);
    expect((await t.request('GET', '/api/admin/reports/errors', { token: boss.token })).status).toBe(200);
  });
});
