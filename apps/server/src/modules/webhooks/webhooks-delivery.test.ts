import { asc, inArray } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { callOk } from '../../../test/support/api-call';
import type { Team } from '../../../test/support/projects';
import type { TestApp } from '../../../test/support/test-app';
import {
  startWebhookReceiver,
  verifyStandardWebhook,
  type WebhookReceiver,
} from '../../../test/support/webhook-receiver';
import {
  addWebhook,
  deliveriesOf,
  receivedCount,
  removeProjectWebhooks,
  setUpWebhookProject,
} from '../../../test/support/webhooks';
import { webhookDeliveries } from '../../db/schema/webhooks';
import { enqueueDeliveries } from './service/enqueue';

// What a receiver gets: the body and its signature, the events it asked for, retries, order, redelivery, rotation
// and the log. Failing receivers: webhooks-failing.test.ts.

let t: TestApp;
let team: Team;
let receiver: WebhookReceiver;
let statusId: (name: string) => string;
let newTask: (title: string) => Promise<{ id: string }>;

beforeAll(async () => {
  ({ t, team, statusId, newTask } = await setUpWebhookProject());
});
afterAll(() => t?.close());
afterEach(async () => {
  await receiver?.close();
  await removeProjectWebhooks(t, team.projectId);
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
    // Each webhook leaves on its own: /cards may still be sending when /all is done.
    await expect
      .poll(() => receiver.received.filter((r) => r.path === '/cards').map((r) => JSON.parse(r.body).type))
      .toEqual(['card.created']);
    // The messages' deliveries were stored with /all's, so none came later for /cards.
    expect((await deliveriesOf(t, team.owner, cards.id)).map((delivery) => delivery.event)).toEqual(['card.created']);
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

  it('is stored with its own event body for every webhook, in statements of 500 deliveries', async () => {
    receiver = await startWebhookReceiver();
    const hooks: string[] = [];
    for (const path of ['/a', '/b', '/c']) {
      hooks.push((await addWebhook(t, team.owner, team.projectId, { url: receiver.url(path), events: ['*'] })).id);
    }
    const events = Array.from({ length: 201 }, (_, i) => ({
      projectId: team.projectId,
      type: 'task.created',
      timestamp: new Date(Date.UTC(2026, 0, 1, 0, 0, i)).toISOString(),
      seenAt: Date.UTC(2026, 0, 1, 0, 0, i),
      data: { n: i, text: `quote " and backslash \\ ${i}` },
    }));
    const touched = await enqueueDeliveries(t.database.db, events);
    expect([...touched].sort()).toEqual([...hooks].sort());
    const rows = await t.database.db
      .select({ webhookId: webhookDeliveries.webhookId, body: webhookDeliveries.requestBody })
      .from(webhookDeliveries)
      .where(inArray(webhookDeliveries.webhookId, hooks))
      .orderBy(asc(webhookDeliveries.id));
    // 603 rows: a second statement starts in the middle of an event's three deliveries.
    expect(rows).toHaveLength(603);
    expect(rows.map((row) => JSON.parse(row.body).data.n)).toEqual(events.flatMap((_, i) => [i, i, i]));
    for (const [i, row] of rows.entries()) {
      const event = events[Math.floor(i / 3)];
      expect(JSON.parse(row.body)).toEqual({ type: event?.type, timestamp: event?.timestamp, data: event?.data });
    }
    // Stored directly, so nothing nudges the dispatcher: the sweep (every 5 s) finds them, at any point of its
    // period, and then 603 go. Waiting only 5 s left the send a sliver of time when the sweep came late.
    await receivedCount(receiver, 603, 15_000);
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
