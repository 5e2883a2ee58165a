import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, strongPassword, type TestApp, type TestUser, uniqueEmail } from './support/test-app';

interface Seeded {
  owner: TestUser;
  member: TestUser;
  newcomer: TestUser;
  projectId: string;
  cardId: string;
  chatId: string;
  messageId: string;
  taskId: string;
  statusId: string;
  webhookId: string;
}

interface BodyRoute {
  method: 'POST' | 'PATCH' | 'DELETE';
  /** As the API docs write it. */
  path: string;
  url: string;
  /** A body the route accepts. */
  body: Record<string, unknown>;
  signedIn: boolean;
}

let t: TestApp;
let s: Seeded;
let routes: BodyRoute[];
const registeredEmail = uniqueEmail('strict');
const subscription = { endpoint: 'http://127.0.0.1:9/push/strict', keys: { p256dh: 'BAAA', auth: 'AAAA' } };

async function created<T>(method: string, url: string, token: string, body?: unknown): Promise<T> {
  const res = await t.request<T>(method, url, { token, body });
  if (res.status >= 300) throw new Error(`${method} ${url}: ${res.status} ${res.text}`);
  return res.body;
}

async function seed(): Promise<Seeded> {
  const [owner, member, newcomer] = [await t.signUp(), await t.signUp(), await t.signUp()];
  const { id: projectId } = await created<{ id: string }>('POST', '/api/projects', owner.token, { name: 'Strict' });
  await created('POST', `/api/projects/${projectId}/members`, owner.token, { email: member.email, role: 'member' });
  const { id: cardId } = await created<{ id: string }>('POST', `/api/projects/${projectId}/cards`, owner.token, {
    title: 'Card',
  });
  const [chat] = await created<{ id: string }[]>('GET', `/api/cards/${cardId}/chats`, owner.token);
  const chatId = chat?.id ?? '';
  const message = await created<{ id: string }>('POST', `/api/chats/${chatId}/messages`, owner.token, { text: 'Hi' });
  const task = await created<{ id: string }>('POST', `/api/cards/${cardId}/tasks`, owner.token, { title: 'Task' });
  const statuses = await created<{ id: string }[]>('GET', `/api/projects/${projectId}/statuses`, owner.token);
  const webhook = await created<{ id: string }>('POST', `/api/projects/${projectId}/webhooks`, owner.token, {
    url: 'http://127.0.0.1:9/hook',
    events: ['*'],
  });
  // Disabled, so that no delivery changes what the webhook list shows while the test runs.
  await created('PATCH', `/api/webhooks/${webhook.id}`, owner.token, { enabled: false });
  const statusId = statuses.at(-1)?.id ?? '';
  return {
    owner,
    member,
    newcomer,
    projectId,
    cardId,
    chatId,
    messageId: message.id,
    taskId: task.id,
    statusId,
    webhookId: webhook.id,
  };
}

/** Every route with a JSON body, in an order whose bodies can all be sent once (ownership is transferred last). */
function bodyRoutes(): BodyRoute[] {
  const p = s.projectId;
  const route = (method: BodyRoute['method'], path: string, url: string, body: Record<string, unknown>) => ({
    method,
    path,
    url,
    body,
    signedIn: !path.startsWith('/api/auth/'),
  });
  return [
    route('POST', '/api/auth/register', '/api/auth/register', {
      email: registeredEmail,
      password: strongPassword,
      name: 'N',
    }),
    route('POST', '/api/auth/login', '/api/auth/login', { email: s.owner.email, password: s.owner.password }),
    route('POST', '/api/auth/password-reset', '/api/auth/password-reset', { email: s.owner.email }),
    route('POST', '/api/auth/password-reset/confirm', '/api/auth/password-reset/confirm', {
      token: 'made-up-reset-token',
      password: strongPassword,
    }),
    route('POST', '/api/auth/verify-email', '/api/auth/verify-email', { token: 'made-up-verification-token' }),
    route('PATCH', '/api/profile', '/api/profile', { name: 'Renamed' }),
    route('POST', '/api/mail/greeting', '/api/mail/greeting', { email: s.owner.email, name: 'Owner' }),
    route('POST', '/api/events', '/api/events', { name: 'page_open', properties: { page: 'app' } }),
    route('POST', '/api/tokens', '/api/tokens', { name: 'CI', scope: 'read' }),
    route('POST', '/api/push/register', '/api/push/register', { subscription }),
    route('DELETE', '/api/push/register', '/api/push/register', { endpoint: subscription.endpoint }),
    route('POST', '/api/projects', '/api/projects', { name: 'Another' }),
    route('PATCH', '/api/projects/{projectId}', `/api/projects/${p}`, { name: 'Renamed' }),
    route('POST', '/api/projects/{projectId}/members', `/api/projects/${p}/members`, {
      email: s.newcomer.email,
      role: 'member',
    }),
    route('POST', '/api/projects/{projectId}/cards', `/api/projects/${p}/cards`, { title: 'Another' }),
    route('PATCH', '/api/cards/{cardId}', `/api/cards/${s.cardId}`, { title: 'Renamed' }),
    route('POST', '/api/cards/{cardId}/chats', `/api/cards/${s.cardId}/chats`, { name: 'Side' }),
    route('PATCH', '/api/chats/{chatId}', `/api/chats/${s.chatId}`, { name: 'Renamed' }),
    route('POST', '/api/chats/{chatId}/messages', `/api/chats/${s.chatId}/messages`, { text: 'Hello' }),
    route('PATCH', '/api/messages/{messageId}', `/api/messages/${s.messageId}`, { text: 'Edited' }),
    route('POST', '/api/cards/{cardId}/tasks', `/api/cards/${s.cardId}/tasks`, { title: 'Another' }),
    route('PATCH', '/api/tasks/{taskId}', `/api/tasks/${s.taskId}`, { title: 'Renamed' }),
    route('POST', '/api/tasks/{taskId}/move', `/api/tasks/${s.taskId}/move`, { status_id: s.statusId }),
    route('POST', '/api/projects/{projectId}/statuses', `/api/projects/${p}/statuses`, { name: 'Review' }),
    route('PATCH', '/api/statuses/{statusId}', `/api/statuses/${s.statusId}`, { name: 'Renamed' }),
    route('POST', '/api/projects/{projectId}/webhooks', `/api/projects/${p}/webhooks`, {
      url: 'http://127.0.0.1:9/other',
      events: ['card.created'],
    }),
    route('PATCH', '/api/webhooks/{webhookId}', `/api/webhooks/${s.webhookId}`, { description: 'Renamed' }),
    route('PATCH', '/api/projects/{projectId}/members/{userId}', `/api/projects/${p}/members/${s.member.id}`, {
      role: 'admin',
    }),
    route('POST', '/api/projects/{projectId}/transfer', `/api/projects/${p}/transfer`, { user_id: s.member.id }),
  ];
}

function send(route: BodyRoute, body: unknown) {
  return t.request(route.method, route.url, {
    body,
    ...(route.signedIn && { token: s.owner.token }),
  });
}

/** What the owner sees of everything the routes could change. */
function snapshot(): Promise<unknown[]> {
  const p = s.projectId;
  const urls = [
    '/api/projects',
    `/api/projects/${p}`,
    `/api/projects/${p}/members`,
    `/api/projects/${p}/cards`,
    `/api/cards/${s.cardId}`,
    `/api/cards/${s.cardId}/chats`,
    `/api/chats/${s.chatId}/messages`,
    `/api/cards/${s.cardId}/tasks`,
    `/api/projects/${p}/board`,
    `/api/projects/${p}/statuses`,
    `/api/projects/${p}/webhooks`,
    '/api/tokens',
    '/api/profile',
  ];
  return Promise.all(urls.map(async (url) => (await t.request('GET', url, { token: s.owner.token })).body));
}

beforeAll(async () => {
  t = await createTestApp({ WEBHOOK_ALLOWED_HOSTS: '127.0.0.1', PUSH_ENDPOINT_HOSTS: '127.0.0.1' });
  s = await seed();
  routes = bodyRoutes();
});
afterAll(() => t.close());

describe('request bodies', () => {
  it('are all in the table below: every route with a JSON body is walked', async () => {
    const doc = await t.request<{ paths: Record<string, Record<string, { requestBody?: unknown }>> }>(
      'GET',
      '/api/docs/json',
    );
    const documented = Object.entries(doc.body.paths).flatMap(([path, operations]) =>
      Object.entries(operations)
        .filter(([, operation]) => operation.requestBody !== undefined)
        .map(([method]) => `${method.toUpperCase()} ${path}`),
    );
    expect(routes.map((route) => `${route.method} ${route.path}`).sort()).toEqual(documented.sort());
  });

  it('with a key the route does not know get 400 request/invalid naming it, and change nothing', async () => {
    const before = await snapshot();
    const answers = [];
    for (const route of routes) {
      const res = await send(route, { ...route.body, unexpected_key: true });
      answers.push({ route: `${route.method} ${route.path}`, status: res.status, body: res.body });
    }
    expect(answers).toEqual(
      routes.map((route) => ({
        route: `${route.method} ${route.path}`,
        status: 400,
        body: { error: { code: 'request/invalid', message: expect.stringContaining('unexpected_key') } },
      })),
    );
    expect(await snapshot()).toEqual(before);
    const signIn = { email: registeredEmail, password: strongPassword };
    expect((await t.request('POST', '/api/auth/login', { body: signIn })).status).toBe(401);
  });

  it.each([
    [
      'the push subscription',
      '/api/push/register',
      { subscription: { ...subscription, keys: { ...subscription.keys, x: 1 } } },
    ],
    ['a usage event', '/api/events', { name: 'page_open', properties: { page: 'app', x: 1 } }],
  ])('with an unknown key inside %s get 400 too', async (_label, url, body) => {
    const res = await t.request('POST', url, { token: s.owner.token, body });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: { code: 'request/invalid', message: expect.stringContaining('"x"') } });
  });

  it('without the unknown key pass validation: the bodies above were otherwise right', async () => {
    const refused = [];
    for (const route of routes) {
      const res = await send(route, route.body);
      if (res.status >= 500 || res.text.includes('"code":"request/invalid"')) {
        refused.push(`${route.method} ${route.path} → ${res.status} ${res.text}`);
      }
    }
    expect(refused).toEqual([]);
  });
});
