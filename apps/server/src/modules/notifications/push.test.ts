import { type PushReceiver, startPushReceiver } from '@deckhand/testkit/push-receiver';
import { eq } from 'drizzle-orm';
import { importJWK, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestUser } from '../../../test/support/test-app';
import { pushSubscriptions } from '../../db/schema/notifications';

let receiver: PushReceiver;
let t: TestApp;
beforeAll(async () => {
  receiver = await startPushReceiver();
  t = await createTestApp({ PUSH_ENDPOINT_HOSTS: '127.0.0.1' });
});
afterAll(async () => {
  await t.close();
  await receiver.close();
});

/** Adds `user` to a new project of a fresh owner, which notifies them. */
async function causeNotification(user: TestUser, projectName = 'Pushy'): Promise<string> {
  const owner = await t.signUp({ name: 'Paula Pusher' });
  const p = await t.request<{ id: string }>('POST', '/api/projects', {
    token: owner.token,
    body: { name: projectName },
  });
  await t.request('POST', `/api/projects/${p.body.id}/members`, {
    token: owner.token,
    body: { email: user.email, role: 'member' },
  });
  return p.body.id;
}

function publicKeyJwk(base64url: string) {
  const raw = Buffer.from(base64url, 'base64url');
  return {
    kty: 'EC',
    crv: 'P-256',
    x: raw.subarray(1, 33).toString('base64url'),
    y: raw.subarray(33).toString('base64url'),
  };
}

describe('GET /api/push/vapidPublicKey', () => {
  it('answers the public key as urlsafe base64 text, the same every time', async () => {
    const first = await t.request('GET', '/api/push/vapidPublicKey');
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(first.text).toMatch(/^[A-Za-z0-9_-]{87}$/);
    expect(Buffer.from(first.text, 'base64url')).toHaveLength(65);
    expect((await t.request('GET', '/api/push/vapidPublicKey')).text).toBe(first.text);
  });
});

describe('web push', () => {
  it('delivers an aes128gcm message with a VAPID signature that decrypts to title, message and url', async () => {
    const user = await t.signUp();
    const subscription = receiver.createSubscription();
    const reg = await t.request('POST', '/api/push/register', {
      token: user.token,
      body: { subscription: subscription.json },
    });
    expect(reg.status).toBe(201);
    const projectId = await causeNotification(user, 'Lighthouse');
    const push = await receiver.waitForPush(subscription.path);

    expect(push.headers['content-encoding']).toBe('aes128gcm');
    expect(Number(push.headers.ttl)).toBeGreaterThan(0);
    const vapidKey = (await t.request('GET', '/api/push/vapidPublicKey')).text;
    const authorization = String(push.headers.authorization);
    const [, jwt, key] = /^vapid t=([^,]+), k=(.+)$/.exec(authorization) ?? [];
    expect(key).toBe(vapidKey);
    const { payload } = await jwtVerify(jwt ?? '', await importJWK(publicKeyJwk(vapidKey), 'ES256'));
    expect(payload.aud).toBe(receiver.url);
    expect(String(payload.sub)).toMatch(/^(mailto:|https:)/);

    expect(JSON.parse(subscription.decrypt(push.body))).toEqual({
      title: 'Added to Lighthouse',
      message: 'Paula Pusher added you to Lighthouse as member.',
      url: `${t.config.publicUrl}/${projectId}`,
      notification_id: expect.any(String),
    });
  });

  it('deletes a subscription the push service reports gone (410)', async () => {
    const user = await t.signUp();
    const subscription = receiver.createSubscription();
    await t.request('POST', '/api/push/register', { token: user.token, body: { subscription: subscription.json } });
    receiver.respondWith(410);
    try {
      await causeNotification(user);
      await receiver.waitForPush(subscription.path);
      await expect
        .poll(async () =>
          t.database.db
            .select()
            .from(pushSubscriptions)
            .where(eq(pushSubscriptions.endpoint, subscription.json.endpoint)),
        )
        .toEqual([]);
    } finally {
      receiver.respondWith(201);
    }
  });

  it('stores an endpoint once and moves it to the account that registers it last', async () => {
    const first = await t.signUp();
    const second = await t.signUp();
    const subscription = receiver.createSubscription();
    for (const user of [first, first, second]) {
      const res = await t.request('POST', '/api/push/register', {
        token: user.token,
        body: { subscription: subscription.json },
      });
      expect(res.status).toBe(201);
    }
    const rows = await t.database.db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.endpoint, subscription.json.endpoint));
    expect(rows.map((r) => r.userId)).toEqual([second.id]);
  });

  it('removes the caller’s subscription on DELETE, and 404s for someone else’s', async () => {
    const owner = await t.signUp();
    const stranger = await t.signUp();
    const subscription = receiver.createSubscription();
    await t.request('POST', '/api/push/register', { token: owner.token, body: { subscription: subscription.json } });
    const body = { endpoint: subscription.json.endpoint };
    expect((await t.request('DELETE', '/api/push/register', { token: stranger.token, body })).status).toBe(404);
    expect((await t.request('DELETE', '/api/push/register', { token: owner.token, body })).status).toBe(204);
    expect((await t.request('DELETE', '/api/push/register', { token: owner.token, body })).status).toBe(404);
  });

  it('never lets a slow push service delay the request that notified', async () => {
    const user = await t.signUp();
    const subscription = receiver.createSubscription();
    await t.request('POST', '/api/push/register', { token: user.token, body: { subscription: subscription.json } });
    receiver.hold();
    try {
      await causeNotification(user);
      // The request that caused the notification has answered while its push is still unanswered.
      await receiver.waitForPush(subscription.path);
      expect(receiver.pendingCount()).toBe(1);
    } finally {
      receiver.release();
    }
  });

  it.each([
    ['a missing subscription', {}],
    ['keys missing', { subscription: { endpoint: 'https://push.example.test/x' } }],
    ['a non-URL endpoint', { subscription: { endpoint: 'nope', keys: { p256dh: 'a', auth: 'b' } } }],
  ])('refuses %s with 400', async (_label, body) => {
    const user = await t.signUp();
    expect((await t.request('POST', '/api/push/register', { token: user.token, body })).status).toBe(400);
  });

  it('requires a signed-in caller to register', async () => {
    const subscription = receiver.createSubscription();
    expect((await t.request('POST', '/api/push/register', { body: { subscription: subscription.json } })).status).toBe(
      401,
    );
  });
});

describe('push endpoints without PUSH_ENDPOINT_HOSTS (SSRF guard)', () => {
  let strict: TestApp;
  let user: TestUser;
  beforeAll(async () => {
    strict = await createTestApp();
    user = await strict.signUp();
  });
  afterAll(() => strict.close());

  it.each([
    ['loopback over http', 'http://127.0.0.1:9/push'],
    ['loopback over https', 'https://127.0.0.1/push'],
    ['localhost by name', 'https://localhost/push'],
    ['a private network', 'https://10.1.2.3/push'],
    ['link-local metadata', 'https://169.254.169.254/latest'],
    ['IPv6 loopback', 'https://[::1]/push'],
    ['IPv4-mapped IPv6', 'https://[::ffff:127.0.0.1]/push'],
    ['plain http to a public address', 'http://93.184.216.34/push'],
  ])('refuses %s', async (_label, endpoint) => {
    const res = await strict.request('POST', '/api/push/register', {
      token: user.token,
      body: { subscription: { endpoint, keys: { p256dh: 'BAAA', auth: 'AAAA' } } },
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: { code: 'push/invalid-endpoint' } });
  });
});
