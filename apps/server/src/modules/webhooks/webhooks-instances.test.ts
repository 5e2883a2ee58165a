import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
import { deliveryIdAt } from './service/enqueue';

let a: TestApp;
let b: TestApp;
let team: Team;
let receiver: WebhookReceiver;

beforeAll(async () => {
  a = await createTestApp(webhookTestEnv);
  b = await createTestApp(webhookTestEnv, { shareWith: a });
  team = await createTeam(a, 'Two instances');
  receiver = await startWebhookReceiver();
});
afterAll(async () => {
  await receiver?.close();
  await b?.close();
  await a?.close();
});

describe('webhooks on two instances', () => {
  it('deliver every event once, whichever instance made it', async () => {
    const hook = await addWebhook(a, team.owner, team.projectId, {
      url: receiver.url('/both'),
      events: ['card.created'],
    });
    const titles: string[] = [];
    for (let i = 0; i < 12; i += 1) {
      const title = `Card ${i}`;
      titles.push(title);
      await callOk(i % 2 === 0 ? a : b, team.member, 'POST', `/api/projects/${team.projectId}/cards`, { title });
    }
    const arrived = () => receiver.received.filter((r) => r.path === '/both');
    await expect.poll(() => arrived().length, { timeout: 8000 }).toBe(titles.length);
    // Every delivery settled as sent once.
    await expect
      .poll(async () => (await deliveriesOf(b, team.owner, hook.id)).map((d) => `${d.status}:${d.attempts}`), {
        timeout: 8000,
      })
      .toEqual(titles.map(() => 'succeeded:1'));
    const ids = arrived().map((r) => r.headers['webhook-id']);
    expect(new Set(ids).size).toBe(titles.length);
    expect(
      arrived()
        .map((r) => JSON.parse(r.body).data.subject)
        .sort(),
    ).toEqual([...titles].sort());
    for (const request of arrived()) expect(verifyStandardWebhook(hook.secret, request)).toBe(true);
    const log = await deliveriesOf(b, team.owner, hook.id);
    expect(log.every((delivery) => delivery.status === 'succeeded' && delivery.attempts === 1)).toBe(true);
  });

  it('send what an instance left behind when it died: a pending delivery, even under its lapsed lease', async () => {
    const hook = await addWebhook(a, team.owner, team.projectId, { url: receiver.url('/left'), events: ['*'] });
    const { db } = a.database;
    // As a dead instance leaves it: its lease lapsed, a delivery stored and never sent.
    await db
      .update(webhooks)
      .set({ leaseOwner: 'a-dead-instance', leaseUntil: new Date(Date.now() - 1000) })
      .where(eq(webhooks.id, hook.id));
    // Made as the product makes it, from the clock: a plain uuidv7() keeps counting from the latest time it has
    // seen, which in this worker may be a faked one from an earlier file, and would not be due for minutes.
    const id = deliveryIdAt(Date.now());
    await db.insert(webhookDeliveries).values({
      id,
      webhookId: hook.id,
      event: 'ping',
      requestBody: JSON.stringify({ type: 'ping', timestamp: new Date().toISOString(), data: {} }),
      nextAttemptAt: new Date(),
    });
    // The sweep (every 5 s, on each instance) finds it: within a period, plus the send, on a busy machine.
    await receivedCount(receiver, receiver.received.filter((r) => r.path !== '/left').length + 1, 15_000);
    const left = receiver.received.filter((r) => r.path === '/left');
    expect(left.map((r) => r.headers['webhook-id'])).toEqual([id]);
    await expect
      .poll(async () => (await deliveriesOf(a, team.owner, hook.id)).map((d) => d.status))
      .toEqual(['succeeded']);
  });
});
