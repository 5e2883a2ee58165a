import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { callOk } from '../../test/support/api-call';
import { connectCollab, textOf } from '../../test/support/collab-client';
import { connectLive } from '../../test/support/live-client';
import { startSlowUpload } from '../../test/support/slow-upload';
import { createTestApp, type TestApp } from '../../test/support/test-app';
import { cards } from '../db/schema/cards';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

async function appWithUploadUnderWay() {
  const app = await createTestApp();
  t = app;
  const owner = await app.signUp();
  const project = await callOk(app, owner, 'POST', '/api/projects', { name: 'Draining' });
  // The project's own requests have been answered: the upload is the one request under way.
  await expect.poll(() => app.app.drain.requestsUnderWay).toBe(0);
  const upload = startSlowUpload(app.url, owner.token, project.id, { chunks: 8 });
  await upload.started;
  await expect.poll(() => app.app.drain.requestsUnderWay).toBe(1);
  return { app, owner, upload };
}

describe('draining an instance', () => {
  it('lets an upload under way finish while readiness fails and new requests get 503 with Retry-After', async () => {
    const { app, owner, upload } = await appWithUploadUnderWay();
    const drained = app.app.drain.start(60_000);

    const ready = await app.app.inject({ method: 'GET', url: '/api/ready' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toMatchObject({ draining: true });
    expect((await app.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    const late = await app.app.inject({
      method: 'GET',
      url: '/api/projects',
      headers: { authorization: `Bearer ${owner.token}` },
    });
    expect(late.statusCode).toBe(503);
    expect(late.headers['retry-after']).toBe('5');
    expect(late.headers.connection).toBe('close');
    expect(late.json()).toEqual({
      error: { code: 'service/unavailable', message: 'This server is restarting; try again in a moment' },
    });
    // No new connection is taken.
    await expect(fetch(`${app.url}/api/health`)).rejects.toThrow();

    upload.finish();
    const answer = await upload.answer;
    expect(answer.status).toBe(201);
    expect(JSON.parse(answer.body)).toMatchObject({ name: 'big.bin', size: 8 * 1024 * 1024 });
    await drained;
    expect(app.app.drain.requestsUnderWay).toBe(0);
  });

  it('answers 503 with Retry-After to a request still running when the grace period ends', async () => {
    const { app, upload } = await appWithUploadUnderWay();
    await app.app.drain.start(200);
    const answer = await upload.answer;
    expect(answer.status).toBe(503);
    expect(answer.headers['retry-after']).toBe('5');
    expect(JSON.parse(answer.body)).toMatchObject({ error: { code: 'service/unavailable' } });
    expect(app.logs.some((line) => line.includes('requests still running after the grace period'))).toBe(true);
  });

  it('stores the bodies being edited, then closes live and /collab sockets with 1012', async () => {
    const app = await createTestApp();
    t = app;
    const owner = await app.signUp();
    const project = await callOk(app, owner, 'POST', '/api/projects', { name: 'Draining bodies' });
    const card = await callOk(app, owner, 'POST', `/api/projects/${project.id}/cards`, { title: 'Being edited' });
    const live = await connectLive(app.url, owner.token);
    const editor = await connectCollab(app.url, card.id, owner.token);
    const watcher = await connectCollab(app.url, card.id, owner.token);
    try {
      editor.type('Typed just before the restart.');
      // The server holds the edit once another editor has it.
      await expect.poll(() => textOf(watcher)).toBe('Typed just before the restart.');
      await app.app.drain.start(5000);
      const [stored] = await app.database.db.select({ text: cards.bodyText }).from(cards).where(eq(cards.id, card.id));
      expect(stored?.text).toBe('Typed just before the restart.');
      expect(await live.closed).toEqual({ code: 1012, reason: 'Service restart' });
      expect(await editor.closed).toEqual({ code: 1012, reason: 'Service restart' });
      expect(await watcher.closed).toEqual({ code: 1012, reason: 'Service restart' });
    } finally {
      live.close();
      editor.close();
      watcher.close();
    }
  });
});
