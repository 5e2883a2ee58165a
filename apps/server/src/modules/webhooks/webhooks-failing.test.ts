import type { Webhook } from '@deckhand/contract/webhooks';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { callOk } from '../../../test/support/api-call';
import type { Team } from '../../../test/support/projects';
import type { TestApp } from '../../../test/support/test-app';
import { startWebhookReceiver, type WebhookReceiver } from '../../../test/support/webhook-receiver';
import {
  addWebhook,
  deliveriesOf,
  receivedCount,
  removeProjectWebhooks,
  setUpWebhookProject,
} from '../../../test/support/webhooks';
import { webhooks } from '../../db/schema/webhooks';

// Receivers that keep failing: the webhook is disabled and its admins told; a URL is checked again at each attempt.

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
    // Each manager is told in turn, so wait for both; the member is never told.
    await expect
      .poll(async () => [(await told(team.owner.token)).length, (await told(team.admin.token)).length])
      .toEqual([1, 1]);
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
