import type { UsageEventName } from '@deckhand/contract/events';
import type { Insights } from '@deckhand/contract/insights';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestUser } from '../../../test/support/test-app';
import { usageEvents } from '../../db/schema/usage-events';

let t: TestApp;
let admin: TestUser;
let bea: TestUser;
let cid: TestUser;
let atlas: string;
let harbour: string;
const gone = '0192f1a2-aaaa-7bbb-8ccc-123456789abc';

async function createProject(name: string): Promise<string> {
  const res = await t.request<{ id: string }>('POST', '/api/projects', { token: admin.token, body: { name } });
  return res.body.id;
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signUp();
  bea = await t.signUp();
  cid = await t.signUp();
  atlas = await createProject('Atlas');
  harbour = await createProject('Harbour');
  const event = (at: string, name: UsageEventName, user: TestUser | null, projectId?: string) => {
    const properties: Record<string, string> = projectId ? { project_id: projectId } : { page: 'app' };
    return { name, userId: user?.id ?? null, properties, createdAt: new Date(at) };
  };
  // Long before the events the sign-ups and projects above recorded just now.
  await t.database.db
    .insert(usageEvents)
    .values([
      event('2024-02-29T23:59:59.999Z', 'page_open', cid),
      event('2024-03-01T00:00:00.000Z', 'page_open', admin),
      event('2024-03-01T12:00:00.000Z', 'page_open', admin),
      event('2024-03-01T18:30:00.000Z', 'page_open', bea),
      event('2024-03-01T19:00:00.000Z', 'card_created', admin, atlas),
      event('2024-03-03T08:00:00.000Z', 'task_updated', bea, atlas),
      event('2024-03-03T09:00:00.000Z', 'task_updated', bea, harbour),
      event('2024-03-03T10:00:00.000Z', 'page_open', cid),
      event('2024-03-03T11:00:00.000Z', 'page_open', null),
      event('2024-03-03T12:00:00.000Z', 'project_deleted', admin, gone),
      event('2024-03-04T23:59:59.999Z', 'page_open', admin),
      event('2024-03-05T00:00:00.000Z', 'page_open', bea),
    ]);
});
afterAll(() => t.close());

async function insights(query: string, token = admin.token) {
  return t.request<Insights>('GET', `/api/admin/insights${query}`, { token });
}

describe('GET /api/admin/insights', () => {
  it('aggregates usage per UTC day, with every day of the period present', async () => {
    const res = await insights('?from=2024-03-01&to=2024-03-04');
    expect(res.status).toBe(200);
    const byCountThenId = (a: { events: number; project_id: string }, b: { events: number; project_id: string }) =>
      b.events - a.events || a.project_id.localeCompare(b.project_id);
    expect(res.body).toEqual({
      from: '2024-03-01',
      to: '2024-03-04',
      daily_active_users: [
        { day: '2024-03-01', users: 2 },
        { day: '2024-03-02', users: 0 },
        { day: '2024-03-03', users: 3 },
        { day: '2024-03-04', users: 1 },
      ],
      events: [
        { day: '2024-03-01', name: 'card_created', count: 1 },
        { day: '2024-03-01', name: 'page_open', count: 3 },
        { day: '2024-03-03', name: 'page_open', count: 2 },
        { day: '2024-03-03', name: 'project_deleted', count: 1 },
        { day: '2024-03-03', name: 'task_updated', count: 2 },
        { day: '2024-03-04', name: 'page_open', count: 1 },
      ],
      totals: [
        { name: 'page_open', count: 6 },
        { name: 'task_updated', count: 2 },
        { name: 'card_created', count: 1 },
        { name: 'project_deleted', count: 1 },
      ],
      top_projects: [
        { project_id: atlas, name: 'Atlas', events: 2 },
        { project_id: harbour, name: 'Harbour', events: 1 },
        { project_id: gone, name: null, events: 1 },
      ].sort(byCountThenId),
    });
  });

  it('answers a quiet period with zeros', async () => {
    const res = await insights('?from=2023-01-01&to=2023-01-03');
    expect(res.body.daily_active_users.map((d) => d.users)).toEqual([0, 0, 0]);
    expect(res.body).toMatchObject({ events: [], totals: [], top_projects: [] });
  });

  it('covers up to 366 days', async () => {
    const res = await insights('?from=2024-01-01&to=2024-12-31');
    expect(res.status).toBe(200);
    expect(res.body.daily_active_users).toHaveLength(366);
  });

  it.each([
    ['from after to', '?from=2024-03-05&to=2024-03-04', 'insights/invalid-range'],
    ['more than 366 days', '?from=2024-01-01&to=2025-01-01', 'insights/invalid-range'],
    ['a day that does not exist', '?from=2025-02-29&to=2025-03-01', undefined],
    ['a missing bound', '?from=2024-03-01', 'request/invalid'],
    ['a time instead of a day', '?from=2024-03-01T00:00:00Z&to=2024-03-02', 'request/invalid'],
  ])('refuses %s with 400', async (_label, query, code) => {
    const res = await insights(query);
    expect(res.status).toBe(400);
    if (code) expect(res.body).toMatchObject({ error: { code } });
  });
});

describe('ANALYTICS=off', () => {
  it('records no usage event, and insights still answer', async () => {
    const off = await createTestApp({ ANALYTICS: 'off' });
    try {
      const user = await off.signUp();
      await off.request('POST', '/api/projects', { token: user.token, body: { name: 'Quiet' } });
      const page = await off.request('POST', '/api/events', {
        body: { name: 'page_open', properties: { page: 'app' } },
      });
      expect(page.status).toBe(202);
      const today = new Date().toISOString().slice(0, 10);
      const res = await off.request<Insights>('GET', `/api/admin/insights?from=${today}&to=${today}`, {
        token: user.token,
      });
      expect(res.body).toMatchObject({ daily_active_users: [{ day: today, users: 0 }], totals: [] });
      const [stored] = await off.database.db.select({ n: count() }).from(usageEvents);
      expect(stored?.n).toBe(0);
    } finally {
      await off.close();
    }
  });
});
