import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import type { ErrorGroup, Feedback, Replay } from '@deckhand/contract/reports';
import { captureFeedback } from '@sentry/node';
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

async function feedback(): Promise<Feedback[]> {
  return (await t.request<Feedback[]>('GET', '/api/admin/reports/feedback', { token: admin.token })).body;
}

/** A PNG signature and incompressible bytes: big enough that the Node SDK gzips the envelope. */
function fakePng(size: number): Buffer {
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), randomBytes(size - 8)]);
}

describe('feedback sent by the Sentry SDK', () => {
  it('is stored with its screenshot, whose bytes come back unchanged as an inline image', async () => {
    const sdk = createTestSentry(dsn, { userId: 'user-cara' });
    const eventId = sdk.scope.captureException(new Error('Board did not load'));
    const png = fakePng(60_000);
    captureFeedback(
      {
        message: 'The board is blank',
        name: 'Cara',
        email: 'cara@example.test',
        url: 'http://127.0.0.1/p/1',
        associatedEventId: eventId,
      },
      { attachments: [{ filename: 'screenshot.png', data: png, contentType: 'application/png' }] },
      sdk.scope,
    );
    await sdk.flush();
    await sdk.close();

    const [entry] = await feedback();
    expect(entry).toEqual({
      id: expect.any(String),
      message: 'The board is blank',
      name: 'Cara',
      email: 'cara@example.test',
      url: 'http://127.0.0.1/p/1',
      user_id: 'user-cara',
      event_id: eventId,
      replay_id: null,
      created_at: expect.any(String),
      attachments: [
        {
          id: expect.any(String),
          name: 'screenshot.png',
          content_type: 'application/png',
          size: png.length,
          url: expect.any(String),
        },
      ],
    });
    const res = await fetch(t.url + (entry?.attachments[0]?.url ?? ''), {
      headers: { authorization: `Bearer ${admin.token}` },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('content-disposition')).toMatch(/^inline; filename="screenshot.png"/);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await res.arrayBuffer()).equals(png)).toBe(true);
  });

  it('serves attachments that are not images as downloads, and keeps no page address but http(s)', async () => {
    const html = Buffer.from('<script>alert(1)</script>');
    const body = buildEnvelope({ event_id: randomBytes(16).toString('hex') }, [
      {
        headers: { type: 'feedback' },
        payload: JSON.stringify({ contexts: { feedback: { message: 'See the log', url: 'javascript:alert(1)' } } }),
      },
      {
        headers: { type: 'attachment', length: html.length, filename: 'page.html', content_type: 'text/html' },
        payload: html,
      },
    ]);
    expect((await postEnvelope(t, body, { key: keyOfDsn(dsn) })).status).toBe(200);
    const entry = (await feedback()).find((f) => f.message === 'See the log');
    expect(entry?.url).toBeNull();
    const res = await fetch(t.url + (entry?.attachments[0]?.url ?? ''), {
      headers: { authorization: `Bearer ${admin.token}` },
    });
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="page.html"/);
    expect(await res.text()).toBe(html.toString());
  });
});

describe('session replays', () => {
  it('keeps recording segments, linked from the error they recorded, and plays them back as one event list', async () => {
    const replayId = randomBytes(16).toString('hex');
    const segment = (id: number, events: unknown[], compress: boolean) => {
      const json = Buffer.from(JSON.stringify(events));
      const data = Buffer.concat([Buffer.from(`{"segment_id":${id}}\n`), compress ? zlib.deflateSync(json) : json]);
      return buildEnvelope({ event_id: replayId }, [
        {
          headers: { type: 'replay_event' },
          payload: JSON.stringify({
            type: 'replay_event',
            replay_id: replayId,
            segment_id: id,
            user: { id: 'user-dan' },
          }),
        },
        { headers: { type: 'replay_recording', length: data.length }, payload: data },
      ]);
    };
    const key = keyOfDsn(dsn);
    expect(
      (
        await postEnvelope(
          t,
          segment(
            0,
            [
              { type: 4, timestamp: 1 },
              { type: 2, timestamp: 2 },
            ],
            true,
          ),
          { key },
        )
      ).status,
    ).toBe(200);
    expect((await postEnvelope(t, segment(1, [{ type: 3, timestamp: 3 }], false), { key })).status).toBe(200);

    const sdk = createTestSentry(dsn, { userId: 'user-dan' });
    sdk.scope.setContext('replay', { replay_id: replayId });
    sdk.scope.captureException(new Error('Replayed failure'));
    await sdk.flush();
    await sdk.close();

    const group = (await errorGroups()).find((g) => g.title === 'Error: Replayed failure');
    expect(group?.latest_event.replay_id).toBe(replayId);
    const replay = await t.request<Replay>('GET', `/api/admin/reports/replays/${replayId}`, { token: admin.token });
    expect(replay.body).toMatchObject({ replay_id: replayId, segments: 2 });
    const events = await t.request('GET', replay.body.events_url, { token: admin.token });
    expect(events.body).toEqual([
      { type: 4, timestamp: 1 },
      { type: 2, timestamp: 2 },
      { type: 3, timestamp: 3 },
    ]);
  });
});
