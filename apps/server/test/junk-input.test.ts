import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callOk } from './support/api-call';
import { createTeam } from './support/projects';
import { createTestApp, type TestApp, type TestUser } from './support/test-app';
import { webhookTestEnv } from './support/webhooks';

let t: TestApp;
let user: TestUser;
let routes: { method: string; path: string }[];

beforeAll(async () => {
  t = await createTestApp(webhookTestEnv);
  user = await t.signUp();
  const doc = await t.request<{ paths: Record<string, Record<string, unknown>> }>('GET', '/api/docs/json');
  routes = Object.entries(doc.body.paths).flatMap(([path, methods]) =>
    Object.keys(methods).map((method) => ({ method: method.toUpperCase(), path })),
  );
});
afterAll(() => t.close());

const junkBodies: (string | undefined)[] = [
  undefined,
  '',
  'null',
  'true',
  '42',
  '"text"',
  '[]',
  '[{}]',
  '{}',
  '{"email":{"$ne":null},"password":{"$gt":""}}',
  '{"email":"a@b.co","password":"x","name":"n","__proto__":{"admin":true}}',
  '{"constructor":{"prototype":{"polluted":1}}}',
  `{"name":"${'x'.repeat(5000)}","email":"${'y'.repeat(5000)}@example.test","password":"${'z'.repeat(5000)}"}`,
  '{"email":"\u0000@example.test","password":"\ud800","name":"\u202e"}',
  `${'['.repeat(5000)}${']'.repeat(5000)}`,
  '{"token":12345678901234567890123456789}',
  '{"color":"#zzzzzz","avatar_url":"data:text/html,<script>","last_project_id":"../../etc"}',
];

describe('junk input', () => {
  it('gets a 4xx (or a 2xx where harmless) from every API route, never a 500', async () => {
    expect(routes.length).toBeGreaterThan(10);
    const failures: string[] = [];
    for (const { method, path } of routes) {
      const url = path.replace(/\{[^}]+\}/g, 'junk%00id');
      for (const token of [undefined, user.token]) {
        for (const rawBody of method === 'GET' ? [undefined] : junkBodies) {
          const res = await t.request(method, url, {
            ...(rawBody !== undefined && { rawBody }),
            ...(token && { token }),
          });
          if (res.status >= 500)
            failures.push(`${method} ${url} ${rawBody?.slice(0, 40)} → ${res.status} ${res.text.slice(0, 120)}`);
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it('gets a 4xx (or a 2xx where harmless) from every route reached with real ids, never a 500', async () => {
    // Junk ids stop most routes at validation; real ones take the junk as far as each route's own code.
    const team = await createTeam(t, 'Junk target');
    const { owner } = team;
    const card = await callOk(t, owner, 'POST', `/api/projects/${team.projectId}/cards`, { title: 'Target' });
    const [chat] = await callOk<{ id: string }[]>(t, owner, 'GET', `/api/cards/${card.id}/chats`);
    const message = await callOk(t, owner, 'POST', `/api/chats/${chat?.id}/messages`, { text: 'Target' });
    const [status] = await callOk<{ id: string }[]>(t, owner, 'GET', `/api/projects/${team.projectId}/statuses`);
    const task = await callOk(t, owner, 'POST', `/api/cards/${card.id}/tasks`, { title: 'Target' });
    const webhook = await callOk(t, owner, 'POST', `/api/projects/${team.projectId}/webhooks`, {
      url: 'https://127.0.0.1:9/hook',
      events: ['*'],
    });
    const token = await callOk(t, owner, 'POST', '/api/tokens', { name: 'Target', scope: 'read' });
    const ids: Record<string, string | undefined> = {
      projectId: team.projectId,
      userId: team.member.id,
      cardId: card.id,
      chatId: chat?.id,
      messageId: message.id,
      statusId: status?.id,
      taskId: task.id,
      webhookId: webhook.id,
      tokenId: token.id,
    };
    const failures: string[] = [];
    // Deletions would take the targets away from the routes after them, and have no body to be junk.
    for (const { method, path } of routes.filter((route) => route.path.includes('{') && route.method !== 'DELETE')) {
      const url = path.replace(/\{([^}]+)\}/g, (_, name: string) => ids[name] ?? 'junk%00id');
      for (const rawBody of method === 'GET' ? [undefined] : junkBodies) {
        const res = await t.request(method, url, { ...(rawBody !== undefined && { rawBody }), token: owner.token });
        if (res.status >= 500)
          failures.push(`${method} ${path} ${rawBody?.slice(0, 40)} → ${res.status} ${res.text.slice(0, 120)}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('leaves the account intact after the junk', async () => {
    const login = await t.request('POST', '/api/auth/login', { body: { email: user.email, password: user.password } });
    expect(login.status).toBe(200);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
