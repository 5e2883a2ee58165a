import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { ErrorGroup } from '@deckhand/contract/reports';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildEnvelope, keyOfDsn, postEnvelope } from '../../../test/support/envelopes';
import { createTestSentry } from '../../../test/support/sentry-client';
import { createTestApp, type TestApp, type TestUser } from '../../../test/support/test-app';

let t: TestApp;
let admin: TestUser;
let dsn: string;
let dataDir: string;

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'deckhand-reports-'));
  t = await createTestApp({ DATA_DIR: dataDir });
  admin = await t.signUp(); // the first account administers the instance
  dsn = (await t.request<{ sentry_dsn: string }>('GET', '/api/client-config')).body.sentry_dsn;
});
afterAll(async () => {
  await t.close();
  await fs.rm(dataDir, { recursive: true, force: true });
});

async function errorGroups(): Promise<ErrorGroup[]> {
  return (await t.request<ErrorGroup[]>('GET', '/api/admin/reports/errors', { token: admin.token })).body;
}

function failToSave(cardNumber: number): Error {
  return new Error(`Could not save card ${cardNumber}`);
}

describe('the self-hosted DSN', () => {
  it('is given to the web app, pointing at this instance under /ingest', async () => {
    const res = await t.request('GET', '/api/client-config');
    expect(res.body).toEqual({
      version: expect.any(String),
      oidc_google_enabled: false,
      sentry_dsn: expect.stringMatching(new RegExp(`^${t.url.replace('//', '//[0-9a-f]{32}@')}/ingest/1$`)),
      sentry_own_intake: true,
      feedback_require_name: false,
      feedback_require_email: false,
      file_max_bytes: 100 * 1024 * 1024,
    });
  });

  it('gives way to SENTRY_DSN, and client-config passes the feedback settings on', async () => {
    const sentryDsn = 'https://0123abcd@o1.ingest.example.test/42';
    const other = await createTestApp({
      SENTRY_DSN: sentryDsn,
      FEEDBACK_REQUIRE_NAME: 'true',
      FEEDBACK_REQUIRE_EMAIL: 'on',
    });
    try {
      expect((await other.request('GET', '/api/client-config')).body).toMatchObject({
        sentry_dsn: sentryDsn,
        sentry_own_intake: false,
        feedback_require_name: true,
        feedback_require_email: true,
      });
    } finally {
      await other.close();
    }
  });
});

describe('errors sent by the Sentry SDK', () => {
  it('are grouped by type, message and top in-app frame, counting events and distinct users', async () => {
    const ann = createTestSentry(dsn, { userId: 'user-ann' });
    const bob = createTestSentry(dsn, { userId: 'user-bob', transport: 'browser-like' });
    ann.scope.captureException(failToSave(100001));
    ann.scope.captureException(failToSave(100002));
    bob.scope.captureException(failToSave(100003));
    bob.scope.captureException(new TypeError('Cannot read properties of undefined'));
    await Promise.all([ann.flush(), bob.flush()]);
    await Promise.all([ann.close(), bob.close()]);

    const groups = await errorGroups();
    const saving = groups.find((g) => g.title.startsWith('Error: Could not save card'));
    expect(saving).toMatchObject({ count: 3, users: 2, culprit: expect.stringContaining('failToSave') });
    expect((saving?.first_seen ?? '') <= (saving?.last_seen ?? '')).toBe(true);
    const latest = saving?.latest_event;
    expect(latest).toMatchObject({ platform: 'node', release: '9.9.9', level: 'error' });
    expect(latest?.exception).toHaveLength(1);
    expect(latest?.exception[0]).toMatchObject({ type: 'Error', value: expect.stringMatching(/^Could not save card/) });
    expect(latest?.exception[0]?.stacktrace.frames.at(-1)).toMatchObject({
      filename: expect.stringContaining('ingest.test.ts'),
      function: 'failToSave',
      lineno: expect.any(Number),
      in_app: true,
    });
    expect(groups.find((g) => g.title === 'TypeError: Cannot read properties of undefined')).toMatchObject({
      count: 1,
      users: 1,
    });
  });

  it('shows the browser of the latest event from its User-Agent', async () => {
    const chrome =
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';
    const event = {
      event_id: randomBytes(16).toString('hex'),
      platform: 'javascript',
      exception: { values: [{ type: 'RangeError', value: 'Invalid time value', stacktrace: { frames: [] } }] },
      request: { url: 'http://127.0.0.1/p/1/kanban', headers: { 'User-Agent': chrome } },
      user: { id: 'user-chrome' },
    };
    const body = buildEnvelope({ event_id: event.event_id }, [
      { headers: { type: 'event' }, payload: JSON.stringify(event) },
    ]);
    expect((await postEnvelope(t, body, { key: keyOfDsn(dsn) })).status).toBe(200);
    const group = (await errorGroups()).find((g) => g.title === 'RangeError: Invalid time value');
    expect(group?.latest_event).toMatchObject({
      browser: 'Chrome 126.0',
      os: 'Linux',
      url: 'http://127.0.0.1/p/1/kanban',
      user_id: 'user-chrome',
    });
    expect(group?.culprit).toBe('/p/1/kanban');
  });
});
