import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { ErrorGroup, Feedback } from '@deckhand/contract/reports';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildEnvelope, keyOfDsn, postEnvelope } from '../../../test/support/envelopes';
import { createTestApp, type TestApp, type TestUser } from '../../../test/support/test-app';
import { errorGroups, feedbackReports, replaySegments } from '../../db/schema/reports';
import { createBlobStore } from '../../platform/storage/blobs';
import { createLocalStorage } from '../../platform/storage/local';
import { pruneReports } from './service/retention';

let t: TestApp;
let admin: TestUser;
let key: string;
let dataDir: string;

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'deckhand-retention-'));
  t = await createTestApp({ DATA_DIR: dataDir });
  admin = await t.signUp(); // the first account administers the instance
  key = keyOfDsn((await t.request<{ sentry_dsn: string }>('GET', '/api/client-config')).body.sentry_dsn);
});
afterAll(async () => {
  await t.close();
  await fs.rm(dataDir, { recursive: true, force: true });
});

const hex = () => randomBytes(16).toString('hex');
const dayMs = 24 * 60 * 60 * 1000;

async function sendFeedback(message: string, screenshot: Buffer): Promise<void> {
  const body = buildEnvelope({ event_id: hex() }, [
    { headers: { type: 'feedback' }, payload: JSON.stringify({ contexts: { feedback: { message } } }) },
    {
      headers: {
        type: 'attachment',
        length: screenshot.length,
        filename: 'screenshot.png',
        content_type: 'application/png',
      },
      payload: screenshot,
    },
  ]);
  expect((await postEnvelope(t, body, { key })).status).toBe(200);
}

async function sendError(message: string): Promise<void> {
  const event = { event_id: hex(), exception: { values: [{ type: 'Error', value: message }] } };
  const body = buildEnvelope({ event_id: event.event_id }, [
    { headers: { type: 'event' }, payload: JSON.stringify(event) },
  ]);
  expect((await postEnvelope(t, body, { key })).status).toBe(200);
}

async function sendReplaySegment(replayId: string): Promise<void> {
  const data = Buffer.from(`{"segment_id":0}\n${JSON.stringify([{ type: 4, timestamp: Date.now(), nonce: hex() }])}`);
  const body = buildEnvelope({ event_id: replayId }, [
    { headers: { type: 'replay_event' }, payload: JSON.stringify({ type: 'replay_event', replay_id: replayId }) },
    { headers: { type: 'replay_recording', length: data.length }, payload: data },
  ]);
  expect((await postEnvelope(t, body, { key })).status).toBe(200);
}

async function feedbackList(): Promise<Feedback[]> {
  return (await t.request<Feedback[]>('GET', '/api/admin/reports/feedback', { token: admin.token })).body;
}

async function fileExists(sha256: string): Promise<boolean> {
  return (await createBlobStore(createLocalStorage(path.join(dataDir, 'files'))).get(sha256)) !== undefined;
}

describe('pruneReports', () => {
  it('deletes reports older than the cut-off and the bytes nothing else names, and keeps the rest', async () => {
    const shared = randomBytes(2000);
    const oldOnly = randomBytes(2000);
    await sendFeedback('old report', oldOnly);
    await sendFeedback('old report sharing a screenshot', shared);
    await sendFeedback('recent report', shared);
    await sendError('Old failure');
    await sendError('Recent failure');
    const oldReplay = hex();
    const recentReplay = hex();
    await sendReplaySegment(oldReplay);
    await sendReplaySegment(recentReplay);

    // Received 100 days ago, as far as the database knows.
    const { db } = t.database;
    const longAgo = sql`now() - interval '100 days'`;
    await db
      .update(feedbackReports)
      .set({ createdAt: longAgo })
      .where(sql`${feedbackReports.message} like 'old report%'`);
    await db.execute(
      sql`update report_attachments set created_at = now() - interval '100 days'
          where feedback_id in (select id from feedback_reports where message like 'old report%')`,
    );
    await db.update(errorGroups).set({ lastSeenAt: longAgo }).where(eq(errorGroups.title, 'Error: Old failure'));
    await db.update(replaySegments).set({ createdAt: longAgo }).where(eq(replaySegments.replayId, oldReplay));
    const before = await feedbackList();
    const urlOf = (message: string) => before.find((entry) => entry.message === message)?.attachments[0]?.url ?? '';
    const [oldOnlyUrl, recentUrl] = [urlOf('old report'), urlOf('recent report')];

    const counts = await pruneReports(
      db,
      createBlobStore(createLocalStorage(path.join(dataDir, 'files'))),
      new Date(Date.now() - 90 * dayMs),
    );

    expect(counts).toEqual({ errorGroups: 1, feedback: 2, attachments: 2, replaySegments: 1, files: 2 });
    expect((await feedbackList()).map((entry) => entry.message)).toEqual(['recent report']);
    const groups = (await t.request<ErrorGroup[]>('GET', '/api/admin/reports/errors', { token: admin.token })).body;
    expect(groups.map((group) => group.title)).toEqual(['Error: Recent failure']);
    const asAdmin = { token: admin.token };
    expect((await t.request('GET', `/api/admin/reports/replays/${oldReplay}`, asAdmin)).status).toBe(404);
    expect((await t.request('GET', `/api/admin/reports/replays/${recentReplay}`, asAdmin)).status).toBe(200);
    expect((await t.request('GET', oldOnlyUrl, asAdmin)).status).toBe(404);
    // The recent report's screenshot has the same bytes as an old one: they stay.
    const recent = await fetch(t.url + recentUrl, { headers: { authorization: `Bearer ${admin.token}` } });
    expect(Buffer.from(await recent.arrayBuffer()).equals(shared)).toBe(true);
    const digest = (data: Buffer) => createHash('sha256').update(data).digest('hex');
    expect(await fileExists(digest(oldOnly))).toBe(false);
    expect(await fileExists(digest(shared))).toBe(true);

    // Nothing is left to do on a second run.
    expect(
      await pruneReports(
        db,
        createBlobStore(createLocalStorage(path.join(dataDir, 'files'))),
        new Date(Date.now() - 90 * dayMs),
      ),
    ).toEqual({
      errorGroups: 0,
      feedback: 0,
      attachments: 0,
      replaySegments: 0,
      files: 0,
    });
  });
});
