import type { Webhook } from '@deckhand/contract/webhooks';
import { eq } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { callOk } from '../../../test/support/api-call';
import { createTeam, type Team } from '../../../test/support/projects';
import { createTestApp, type TestApp } from '../../../test/support/test-app';
import {
  startWebhookReceiver,
  verifyStandardWebhook,
  type WebhookReceiver,
} from '../../../test/support/webhook-receiver';
import { addWebhook, deliveriesOf, receivedCount, webhookTestEnv } from '../../../test/support/webhooks';
import { webhookDeliveries, webhooks } from '../../db/schema/webhooks';
import { pruneDeliveries } from './service/prune';

let t: TestApp;
let team: Team;
let receiver: WebhookReceiver;
let statuses: { id: string; name: string }[];

beforeAll(async () => {
  t = await createTestApp(webhookTestEnv);
  team = await createTeam(t, 'Hooked project');
  statuses = await callOk(t, team.owner, 'GET', `/api/projects/${team.projectId}/statuses`);
});
afterAll(() => t?.close());
afterEach(async () => {
  await receiver?.close();
  // Each test its own webhooks: none left to receive the next test's events.
  await t.database.db.delete(webhooks).where(eq(webhooks.projectId, team.projectId));
});

async function newTask(title: string) {
  const card = await callOk(t, team.member, 'POST', `/api/projects/${team.projectId}/cards`, {
    title: `${title} card`,
  });
  return callOk(t, team.member, 'POST', `/api/cards/${card.id}/tasks`, { title });
}

const statusId = (name: string) => statuses.find((status) => status.name === name)?.id ?? '';

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

describe('a delivery', () => {
  it('POSTs the activity entry, signed to the Standard Webhooks scheme, and is logged', async () => {
    receiver = await startWebhookReceiver();
    const hook = await addWebhook(t, team.owner, team.projectId, { url: receiver.url(), events: ['task.moved'] });
    const task = await newTask('Signed move');
    await callOk(t, team.member, 'POST', `/api/tasks/${task.id}/move`, { status_id: statusId('In progress') });
    await receivedCount(receiver, 1);
    const [request] = receiver.received;
    if (!request) throw new Error('nothing received');
    expect(request.method).toBe('POST');
    expect(request.headers['content-type']).toBe('application/json');
    expect(request.headers['webhook-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(Math.abs(Number(request.headers['webhook-timestamp']) - Date.now() / 1000)).toBeLessThan(10);
    expect(verifyStandardWebhook(hook.secret, request)).toBe(true);
    expect(verifyStandardWebhook(`whsec_${Buffer.alloc(32, 1).toString('base64')}`, request)).toBe(false);
    const body = JSON.parse(request.body);
    expect(body).toEqual({
      type: 'task.moved',
      timestamp: expect.any(String),
      data: expect.objectContaining({
        project_id: team.projectId,
        task_id: task.id,
        verb: 'task.moved',
        subject: 'Signed move',
        actor: { user_id: team.member.id, name: 'Mia Member' },
        changes: {
          status: {
            from: expect.objectContaining({ name: 'To do' }),
            to: expect.objectContaining({ name: 'In progress' }),
          },
        },
      }),
    });
    expect(body.timestamp).toBe(body.data.created_at);

    await expect
      .poll(async () => (await deliveriesOf(t, team.owner, hook.id))[0])
      .toMatchObject({
        id: request.headers['webhook-id'],
        event: 'task.moved',
        status: 'succeeded',
        attempts: 1,
        last_status_code: 200,
        last_error: null,
        request_body: request.body,
        response_body: 'received',
        next_attempt_at: null,
      });
    const [logged] = await deliveriesOf(t, team.owner, hook.id);
    expect(logged?.duration_ms).toBeGreaterThanOrEqual(0);
  });

  it('goes only to webhooks that want the event; `*` takes every event, chat messages too', async () => {
    receiver = await startWebhookReceiver();
    const cards = await addWebhook(t, team.owner, team.projectId, {
      url: receiver.url('/cards'),
      events: ['card.created'],
    });
    const all = await addWebhook(t, team.owner, team.projectId, { url: receiver.url('/all'), events: ['*'] });
    const card = await callOk(t, team.member, 'POST', `/api/projects/${team.projectId}/cards`, { title: 'Filtered' });
    const [chat] = await callOk<{ id: string }[]>(t, team.member, 'GET', `/api/cards/${card.id}/chats`);
    const message = await callOk(t, team.member, 'POST', `/api/chats/${chat?.id}/messages`, { text: 'hello hooks' });
    await callOk(t, team.member, 'PATCH', `/api/messages/${message.id}`, { text: 'hello again' });
    const gone = await t.request('DELETE', `/api/messages/${message.id}`, { token: team.member.token });
    expect(gone.status).toBe(204);
    await expect
      .poll(() => receiver.received.filter((r) => r.path === '/all').map((r) => JSON.parse(r.body).type))
      .toEqual(['card.created', 'message.created', 'message.updated', 'message.deleted']);
    const toCards = receiver.received.filter((r) => r.path === '/cards').map((r) => JSON.parse(r.body).type);
    expect(toCards).toEqual(['card.created']);
    const created = receiver.received.find((r) => r.path === '/all' && JSON.parse(r.body).type === 'message.created');
    expect(JSON.parse(created?.body ?? '{}').data).toMatchObject({
      id: message.id,
      text: 'hello hooks',
      chat_id: chat?.id,
    });
    if (!created) throw new Error('no message.created arrived');
    expect(verifyStandardWebhook(all.secret, created)).toBe(true);
    expect(cards.id).not.toBe(all.id);
  });

  it('is retried on the schedule with the same webhook-id until it succeeds', async () => {
    receiver = await startWebhookReceiver();
    receiver.answerWith(500, 503);
    const hook = await addWebhook(t, team.owner, team.projectId, { url: receiver.url(), events: ['task.moved'] });
    const task = await newTask('Flaky receiver');
    await callOk(t, team.member, 'POST', `/api/tasks/${task.id}/move`, { status_id: statusId('In progress') });
    await receivedCount(receiver, 3);
    const ids = receiver.received.map((r) => r.headers['webhook-id']);
    expect(new Set(ids).size).toBe(1);
    expect(new Set(receiver.received.map((r) => r.body)).size).toBe(1);
    // The schedule here is 0.2 s between attempts.
    const [first, second, third] = receiver.received.map((r) => r.at);
    expect((second ?? 0) - (first ?? 0)).toBeGreaterThanOrEqual(190);
    expect((third ?? 0) - (second ?? 0)).toBeGreaterThanOrEqual(190);
    for (const request of receiver.received) expect(verifyStandardWebhook(hook.secret, request)).toBe(true);
    await expect
      .poll(async () => (await deliveriesOf(t, team.owner, hook.id))[0])
      .toMatchObject({ status: 'succeeded', attempts: 3, last_status_code: 200, next_attempt_at: null });
  });

  it('fails for good after seven attempts, a redirect counting as a failure and never followed', async () => {
    receiver = await startWebhookReceiver();
    receiver.answerWith(302, 302, 302, 302, 302, 302, 302);
    receiver.answerHeaders.location = receiver.url('/elsewhere');
    const hook = await addWebhook(t, team.owner, team.projectId, { url: receiver.url(), events: ['task.moved'] });
    const task = await newTask('Moved away');
    await callOk(t, team.member, 'POST', `/api/tasks/${task.id}/move`, { status_id: statusId('In progress') });
    await expect
      .poll(async () => (await deliveriesOf(t, team.owner, hook.id))[0], { timeout: 8000 })
      .toMatchObject({ status: 'failed', attempts: 7, last_status_code: 302, next_attempt_at: null });
    expect(receiver.received).toHaveLength(7);
    expect(receiver.received.every((r) => r.path === '/hook')).toBe(true);
  });

  it('leaves in the order the events happened', async () => {
    receiver = await startWebhookReceiver();
    await addWebhook(t, team.owner, team.projectId, { url: receiver.url(), events: ['task.moved'] });
    const tasks = [];
    for (let i = 0; i < 5; i += 1) tasks.push(await newTask(`Ordered ${i}`));
    const moves = [];
    for (let round = 0; round < 4; round += 1) {
      for (const task of tasks) {
        const to = round % 2 === 0 ? 'In progress' : 'To do';
        await callOk(t, team.member, 'POST', `/api/tasks/${task.id}/move`, { status_id: statusId(to) });
        moves.push(`${task.id}:${to}`);
      }
    }
    await receivedCount(receiver, moves.length);
    const arrived = receiver.received.map((r) => {
      const { data } = JSON.parse(r.body);
      return `${data.task_id}:${data.changes.status.to.name}`;
    });
    expect(arrived).toEqual(moves);
    const ids = receiver.received.map((r) => String(r.headers['webhook-id']));
    expect([...ids].sort()).toEqual(ids);
  });

  it('is sent again by a redelivery, with the same webhook-id; a ping goes whatever the events', async () => {
    receiver = await startWebhookReceiver();
    const hook = await addWebhook(t, team.owner, team.projectId, { url: receiver.url(), events: ['card.deleted'] });
    const ping = await t.request<{ id: string; event: string }>('POST', `/api/webhooks/${hook.id}/test`, {
      token: team.admin.token,
    });
    expect(ping.status).toBe(202);
    expect(ping.body.event).toBe('ping');
    await receivedCount(receiver, 1);
    const first = receiver.received[0];
    expect(JSON.parse(first?.body ?? '{}')).toMatchObject({ type: 'ping', data: { webhook_id: hook.id } });
    expect(first?.headers['webhook-id']).toBe(ping.body.id);
    const again = await t.request('POST', `/api/webhooks/${hook.id}/deliveries/${ping.body.id}/redeliver`, {
      token: team.owner.token,
    });
    expect(again.status).toBe(202);
    await receivedCount(receiver, 2);
    expect(receiver.received[1]?.headers['webhook-id']).toBe(ping.body.id);
    expect(receiver.received[1]?.body).toBe(first?.body);
    await expect
      .poll(async () => (await deliveriesOf(t, team.owner, hook.id))[0])
      .toMatchObject({ status: 'succeeded', attempts: 2 });
    const missing = await t.request(
      'POST',
      `/api/webhooks/${hook.id}/deliveries/00000000-0000-7000-8000-000000000000/redeliver`,
      { token: team.owner.token },
    );
    expect(missing.status).toBe(404);
  });

  it('is signed with the new secret once it is rotated', async () => {
    receiver = await startWebhookReceiver();
    const hook = await addWebhook(t, team.owner, team.projectId, { url: receiver.url(), events: ['*'] });
    const rotated = await callOk<{ secret: string }>(t, team.owner, 'POST', `/api/webhooks/${hook.id}/rotate-secret`);
    expect(rotated.secret).not.toBe(hook.secret);
    await t.request('POST', `/api/webhooks/${hook.id}/test`, { token: team.owner.token });
    await receivedCount(receiver, 1);
    const [request] = receiver.received;
    expect(request && verifyStandardWebhook(rotated.secret, request)).toBe(true);
    expect(request && verifyStandardWebhook(hook.secret, request)).toBe(false);
  });

  it('pages the log newest first, and refuses a bad cursor or limit', async () => {
    receiver = await startWebhookReceiver();
    const hook = await addWebhook(t, team.owner, team.projectId, { url: receiver.url(), events: ['*'] });
    for (let i = 0; i < 3; i += 1)
      await t.request('POST', `/api/webhooks/${hook.id}/test`, { token: team.owner.token });
    const page = await callOk<{ items: { id: string }[]; next_cursor: string | null }>(
      t,
      team.owner,
      'GET',
      `/api/webhooks/${hook.id}/deliveries?limit=2`,
    );
    expect(page.items).toHaveLength(2);
    const rest = await callOk<{ items: { id: string }[]; next_cursor: string | null }>(
      t,
      team.owner,
      'GET',
      `/api/webhooks/${hook.id}/deliveries?limit=2&cursor=${page.next_cursor}`,
    );
    expect(rest).toMatchObject({ next_cursor: null });
    const ids = [...page.items, ...rest.items].map((item) => item.id);
    expect(ids).toEqual([...ids].sort().reverse());
    for (const query of ['limit=0', 'limit=101', 'cursor=nope']) {
      const res = await t.request('GET', `/api/webhooks/${hook.id}/deliveries?${query}`, { token: team.owner.token });
      expect(res.status, query).toBe(400);
    }
  });
});

describe('a webhook that keeps failing', () => {
  it('is disabled after 50 failed deliveries in a row, and the project’s admins are told', async () => {
    receiver = await startWebhookReceiver();
    receiver.answerWith(500);
    const hook = await addWebhook(t, team.owner, team.projectId, { url: receiver.url(), events: ['*'] });
    // 49 failures already: the next one is the 50th.
    await t.database.db
      .update(webhooks)
      .set({ failuresInRow: 49, failingSince: new Date() })
      .where(eq(webhooks.id, hook.id));
    await t.request('POST', `/api/webhooks/${hook.id}/test`, { token: team.owner.token });
    await expect
      .poll(async () => (await callOk<Webhook[]>(t, team.owner, 'GET', `/api/projects/${team.projectId}/webhooks`))[0])
      .toMatchObject({ enabled: false, disabled_reason: 'Disabled after 50 failed deliveries in a row.' });
    const told = async (token: string) =>
      (await t.request<{ type: string; project_id: string }[]>('GET', '/api/notifications', { token })).body.filter(
        (n) => n.type === 'webhook_disabled',
      );
    await expect.poll(() => told(team.owner.token)).toHaveLength(1);
    expect(await told(team.admin.token)).toHaveLength(1);
    expect(await told(team.member.token)).toHaveLength(0);
    // Disabled: its retry waits, and nothing new is queued for it. A second webhook, enabled, tells when the
    // card's event has been handed to the project's webhooks.
    const witness = await startWebhookReceiver();
    await addWebhook(t, team.owner, team.projectId, { url: witness.url(), events: ['card.created'] });
    const sent = receiver.received.length;
    await callOk(t, team.member, 'POST', `/api/projects/${team.projectId}/cards`, { title: 'While disabled' });
    await receivedCount(witness, 1);
    await witness.close();
    expect(receiver.received).toHaveLength(sent);
    expect((await deliveriesOf(t, team.owner, hook.id)).map((d) => d.event)).toEqual(['ping']);
    // Enabled again: the waiting retry goes, and the run of failures starts over.
    await callOk(t, team.owner, 'PATCH', `/api/webhooks/${hook.id}`, { enabled: true });
    await expect
      .poll(async () => (await deliveriesOf(t, team.owner, hook.id)).map((d) => d.status))
      .toEqual(['succeeded']);
  });

  it('is disabled after 5 days of nothing but failures', async () => {
    receiver = await startWebhookReceiver();
    receiver.answerWith(500);
    const hook = await addWebhook(t, team.owner, team.projectId, { url: receiver.url(), events: ['*'] });
    await t.database.db
      .update(webhooks)
      .set({ failuresInRow: 3, failingSince: new Date(Date.now() - 5 * 24 * 3600 * 1000 - 1000) })
      .where(eq(webhooks.id, hook.id));
    await t.request('POST', `/api/webhooks/${hook.id}/test`, { token: team.owner.token });
    await expect
      .poll(async () => (await callOk<Webhook[]>(t, team.owner, 'GET', `/api/projects/${team.projectId}/webhooks`))[0])
      .toMatchObject({ enabled: false, disabled_reason: 'Disabled after 5 days of failed deliveries.' });
  });

  it('checks the address again at each attempt: a URL now private fails without a connection', async () => {
    receiver = await startWebhookReceiver();
    const hook = await addWebhook(t, team.owner, team.projectId, { url: receiver.url(), events: ['*'] });
    await t.database.db.update(webhooks).set({ url: 'https://10.255.255.1/hook' }).where(eq(webhooks.id, hook.id));
    await t.request('POST', `/api/webhooks/${hook.id}/test`, { token: team.owner.token });
    await expect
      .poll(async () => (await deliveriesOf(t, team.owner, hook.id))[0])
      .toMatchObject({ attempts: 1, last_status_code: null, last_error: 'the URL must be on a public address' });
  });
});

describe('the delivery log', () => {
  it('keeps deliveries 14 days', async () => {
    receiver = await startWebhookReceiver();
    const hook = await addWebhook(t, team.owner, team.projectId, { url: receiver.url(), events: ['*'] });
    const { db } = t.database;
    const row = (id: string, daysAgo: number) => ({
      id,
      webhookId: hook.id,
      event: 'ping',
      requestBody: '{}',
      status: 'succeeded' as const,
      createdAt: new Date(Date.now() - daysAgo * 24 * 3600 * 1000),
    });
    await db.insert(webhookDeliveries).values([row(uuidv7(), 15), row(uuidv7(), 13)]);
    expect(await pruneDeliveries(db, new Date())).toBe(1);
    expect((await deliveriesOf(t, team.owner, hook.id)).length).toBe(1);
  });
});
