import type { Webhook } from '@deckhand/contract/webhooks';
import { v7 as uuidv7 } from 'uuid';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { callOk } from '../../../test/support/api-call';
import type { Team } from '../../../test/support/projects';
import { createTestApp, type TestApp } from '../../../test/support/test-app';
import { startWebhookReceiver, type WebhookReceiver } from '../../../test/support/webhook-receiver';
import { addWebhook, deliveriesOf, removeProjectWebhooks, setUpWebhookProject } from '../../../test/support/webhooks';
import { webhookDeliveries } from '../../db/schema/webhooks';
import { pruneDeliveries } from './service/prune';

// Adding webhooks, who may, what is refused; and how long their log is kept. Deliveries: webhooks-delivery.test.ts.

let t: TestApp;
let team: Team;
let receiver: WebhookReceiver;

beforeAll(async () => {
  ({ t, team } = await setUpWebhookProject());
});
afterAll(() => t?.close());
afterEach(async () => {
  await receiver?.close();
  await removeProjectWebhooks(t, team.projectId);
});

describe('POST /api/projects/{projectId}/webhooks', () => {
  it('adds a webhook for the admins and the owner, with a secret shown once', async () => {
    receiver = await startWebhookReceiver();
    const res = await t.request<Webhook & { secret: string }>('POST', `/api/projects/${team.projectId}/webhooks`, {
      token: team.admin.token,
      body: { url: receiver.url(), events: ['task.moved', 'card.created'], description: 'CI' },
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      url: receiver.url(),
      events: ['task.moved', 'card.created'],
      description: 'CI',
      enabled: true,
      project_id: team.projectId,
    });
    expect(res.body.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(Buffer.from(res.body.secret.slice(6), 'base64')).toHaveLength(32);
    const listed = await callOk<Webhook[]>(t, team.owner, 'GET', `/api/projects/${team.projectId}/webhooks`);
    expect(listed.map((hook) => hook.id)).toEqual([res.body.id]);
    expect(JSON.stringify(listed)).not.toContain(res.body.secret);
  });

  it('is for admins and the owner only: members and viewers 403, strangers 404', async () => {
    const body = { url: 'http://127.0.0.1:9/hook', events: ['*'] };
    for (const [user, status] of [
      [team.member, 403],
      [team.viewer, 403],
      [team.stranger, 404],
    ] as const) {
      for (const [method, path] of [
        ['POST', `/api/projects/${team.projectId}/webhooks`],
        ['GET', `/api/projects/${team.projectId}/webhooks`],
      ] as const) {
        const res = await t.request(method, path, { token: user.token, body: method === 'POST' ? body : undefined });
        expect(res.status, `${method} as ${user.email}`).toBe(status);
      }
    }
    const hook = await addWebhook(t, team.owner, team.projectId, body);
    for (const [user, status] of [
      [team.member, 403],
      [team.stranger, 404],
    ] as const) {
      for (const [method, path] of [
        ['PATCH', `/api/webhooks/${hook.id}`],
        ['DELETE', `/api/webhooks/${hook.id}`],
        ['POST', `/api/webhooks/${hook.id}/rotate-secret`],
        ['GET', `/api/webhooks/${hook.id}/deliveries`],
        ['POST', `/api/webhooks/${hook.id}/test`],
      ] as const) {
        const res = await t.request(method, path, {
          token: user.token,
          body: method === 'PATCH' ? { enabled: false } : undefined,
        });
        expect(res.status, `${method} ${path}`).toBe(status);
      }
    }
  });

  it('refuses a bad body with a clear 400', async () => {
    for (const body of [
      { url: 'not a url', events: ['*'] },
      { url: 'https://example.com/hook', events: [] },
      { url: 'https://example.com/hook', events: ['task.teleported'] },
      { url: 'https://example.com/hook', events: ['*', 'task.moved'] },
      { url: 'ftp://example.com/hook', events: ['*'] },
      { events: ['*'] },
    ]) {
      const res = await t.request('POST', `/api/projects/${team.projectId}/webhooks`, {
        token: team.owner.token,
        body,
      });
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
  });

  it('refuses URLs into the server’s network: plain http, loopback, private, link-local, metadata, names of them', async () => {
    const strict = await createTestApp({}, { shareWith: t });
    try {
      for (const url of [
        'http://example.com/hook',
        'https://127.0.0.1/hook',
        'https://10.1.2.3/hook',
        'https://192.168.0.10/hook',
        'https://172.16.5.4/hook',
        'https://169.254.169.254/latest/meta-data',
        'https://[::1]/hook',
        'https://[fe80::1]/hook',
        'https://localhost/hook',
      ]) {
        const res = await strict.request('POST', `/api/projects/${team.projectId}/webhooks`, {
          token: team.owner.token,
          body: { url, events: ['*'] },
        });
        expect(res.status, url).toBe(400);
        expect(res.body, url).toMatchObject({ error: { code: 'webhooks/invalid-url' } });
      }
    } finally {
      await strict.close();
    }
  });

  it('allows at most 20 webhooks a project', async () => {
    for (let i = 0; i < 20; i += 1) {
      await addWebhook(t, team.owner, team.projectId, { url: `http://127.0.0.1:9/hook/${i}`, events: ['*'] });
    }
    const res = await t.request('POST', `/api/projects/${team.projectId}/webhooks`, {
      token: team.owner.token,
      body: { url: 'http://127.0.0.1:9/hook/21', events: ['*'] },
    });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ error: { code: 'webhooks/too-many' } });
  });
});

describe('the delivery log', () => {
  it('keeps deliveries 14 days', async () => {
    receiver = await startWebhookReceiver();
    const hook = await addWebhook(t, team.owner, team.projectId, { url: receiver.url(), events: ['*'] });
    const { db } = t.database;
    // As enqueue.ts makes them: the id's UUIDv7 time is when the event was seen.
    const row = (daysAgo: number) => {
      const at = Date.now() - daysAgo * 24 * 3600 * 1000;
      return {
        id: uuidv7({ msecs: at }),
        webhookId: hook.id,
        event: 'ping',
        requestBody: '{}',
        status: 'succeeded' as const,
        createdAt: new Date(at),
      };
    };
    const kept = row(13.9);
    await db.insert(webhookDeliveries).values([row(30), row(14.1), kept]);
    expect(await pruneDeliveries(db, new Date())).toBe(2);
    expect((await deliveriesOf(t, team.owner, hook.id)).map((delivery) => delivery.id)).toEqual([kept.id]);
  });
});
