import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { cards } from '../src/db/schema/cards';
import { type CollabClient, connectCollab, textOf } from './support/collab-client';
import { connectLive, type LiveClient } from './support/live-client';
import { createTeam, type Team } from './support/projects';
import { type RedisServer, startRedisServer } from './support/redis-server';
import { createTestApp, strongPassword, type TestApp, uniqueEmail } from './support/test-app';

// Two instances on one database and a Redis of this file's own, which the tests stop and start (issue 28). Runs in
// both passes: on the PGlite pass the instances share one in-process database.
let redis: RedisServer;
let a: TestApp;
let b: TestApp;
let team: Team;
const open: { close(): void }[] = [];
/** What anything printed past the logger (the instances run in this process): an operator's JSON log misses it. */
const printed: string[] = [];

beforeAll(async () => {
  for (const method of ['error', 'warn', 'log'] as const) {
    vi.spyOn(console, method).mockImplementation((...args: unknown[]) => {
      printed.push(args.map(String).join(' '));
    });
  }
  redis = await startRedisServer();
  const env = {
    REDIS_URL: redis.url,
    REDIS_KEY_PREFIX: `deckhand-outage:${crypto.randomUUID()}:`,
    METRICS_TOKEN: metricsToken,
  };
  a = await createTestApp(env);
  b = await createTestApp(env, { shareWith: a });
  team = await createTeam(a, 'Outage');
});

afterAll(async () => {
  vi.restoreAllMocks();
  for (const client of open) client.close();
  await b?.close();
  await a?.close();
  await redis?.stop();
});

const components = ['pubsub', 'rate-limit', 'collab'] as const;
const metricsToken = 'outage-metrics-token-0123456789';

/** A counter's value by component on GET /metrics, 0 while it has no sample yet. */
async function counted(t: TestApp, counter: string, component: string): Promise<number> {
  const res = await fetch(`${t.url}/metrics`, { headers: { authorization: `Bearer ${metricsToken}` } });
  const series = `${counter}{component="${component}"} `;
  const line = (await res.text()).split('\n').find((l) => l.startsWith(series));
  return line === undefined ? 0 : Number(line.slice(series.length));
}

/** How often `msg` was logged for `component` since the mark (an index into the app's log lines). */
function logCount(t: TestApp, since: number, msg: string, component: string): number {
  return t.logs
    .slice(since)
    .flatMap((chunk) => chunk.split('\n').filter(Boolean))
    .map((line) => JSON.parse(line) as { msg?: string; component?: string })
    .filter((entry) => entry.msg === msg && entry.component === component).length;
}

/** Stops Redis and waits until both instances have noticed, so that what follows happens during the outage. */
async function stopRedis(): Promise<{ a: number; b: number }> {
  const marks = { a: a.logs.length, b: b.logs.length };
  await redis.stop();
  for (const [t, since] of [
    [a, marks.a],
    [b, marks.b],
  ] as const) {
    for (const component of components) {
      await expect.poll(() => logCount(t, since, 'redis unavailable', component), { timeout: 5000 }).toBe(1);
    }
  }
  return marks;
}

async function startRedis(marks: { a: number; b: number }): Promise<void> {
  await redis.start();
  for (const [t, since] of [
    [a, marks.a],
    [b, marks.b],
  ] as const) {
    for (const component of components) {
      await expect.poll(() => logCount(t, since, 'redis available again', component), { timeout: 5000 }).toBe(1);
    }
  }
}

async function liveOn(t: TestApp, token: string): Promise<LiveClient> {
  const client = await connectLive(t.url, token);
  open.push(client);
  return client;
}

async function collabOn(t: TestApp, cardId: string, token: string): Promise<CollabClient> {
  const client = await connectCollab(t.url, cardId, token);
  open.push(client);
  return client;
}

async function storedText(cardId: string): Promise<string | undefined> {
  const [row] = await a.database.db.select({ text: cards.bodyText }).from(cards).where(eq(cards.id, cardId));
  return row?.text;
}

async function newCard(title: string): Promise<string> {
  const res = await a.request<{ id: string }>('POST', `/api/projects/${team.projectId}/cards`, {
    token: team.member.token,
    body: { title },
  });
  expect(res.status).toBe(201);
  return res.body.id;
}

describe('a Redis outage', () => {
  it('tells live sockets to resync once Redis is back, and logs each change of state once per component', async () => {
    const cardId = await newCard('Outage chat');
    const chats = await a.request<{ id: string }[]>('GET', `/api/cards/${cardId}/chats`, { token: team.member.token });
    const chatId = chats.body[0]?.id;
    const live = await liveOn(a, team.viewer.token);
    const before = {
      reconnects: await counted(a, 'deckhand_pubsub_reconnects_total', 'pubsub'),
      collabReconnects: await counted(a, 'deckhand_pubsub_reconnects_total', 'collab'),
      resyncs: await counted(a, 'deckhand_pubsub_resyncs_total', 'live'),
      collabResyncs: await counted(a, 'deckhand_pubsub_resyncs_total', 'collab'),
    };

    const marks = await stopRedis();
    const posted = await b.request('POST', `/api/chats/${chatId}/messages`, {
      token: team.member.token,
      body: { text: 'Written while Redis was down' },
    });
    expect(posted.status).toBe(201);
    await expect.poll(() => logCount(b, marks.b, 'message not published; retrying', 'pubsub')).toBe(1);
    await redis.start();

    await live.waitFor((m) => m.type === 'resync', 5000);
    expect(live.socket.readyState).toBe(live.socket.OPEN);
    for (const t of [a, b]) {
      const since = t === a ? marks.a : marks.b;
      for (const component of components) {
        await expect.poll(() => logCount(t, since, 'redis available again', component), { timeout: 5000 }).toBe(1);
        expect(logCount(t, since, 'redis unavailable', component)).toBe(1);
      }
    }
    // An operator sees the outage in the counters too: each connection regained, and the resyncs it caused.
    expect(await counted(a, 'deckhand_pubsub_reconnects_total', 'pubsub')).toBe(before.reconnects + 1);
    expect(await counted(a, 'deckhand_pubsub_reconnects_total', 'collab')).toBe(before.collabReconnects + 1);
    expect(await counted(a, 'deckhand_pubsub_resyncs_total', 'live')).toBeGreaterThan(before.resyncs);
    expect(await counted(a, 'deckhand_pubsub_resyncs_total', 'collab')).toBe(before.collabResyncs + 1);
  });

  it('keeps an event Redis did not take and sends it once Redis takes messages again', async () => {
    const live = await liveOn(a, team.viewer.token);
    const mark = b.logs.length;
    // Redis holds every PUBLISH for 4 s: longer than an instance waits for one.
    await redis.command('CLIENT', 'PAUSE', '4000', 'WRITE');
    const res = await b.request('PATCH', `/api/projects/${team.projectId}`, {
      token: team.owner.token,
      body: { name: 'Renamed while Redis was paused' },
    });
    expect(res.status).toBe(200);
    await expect.poll(() => logCount(b, mark, 'message not published; retrying', 'pubsub'), { timeout: 5000 }).toBe(1);
    expect(await live.waitFor((m) => m.type === 'project_updated', 10_000)).toEqual({
      type: 'project_updated',
      project_id: team.projectId,
    });
  });

  it('answers sign-in and registration with 503 and Retry-After, quickly, until Redis is back', async () => {
    const marks = await stopRedis();
    const startedAt = Date.now();
    const login = await a.request('POST', '/api/auth/login', {
      body: { email: team.owner.email, password: team.owner.password },
    });
    const register = await b.request('POST', '/api/auth/register', {
      body: { email: uniqueEmail('outage'), password: strongPassword, name: 'Late Comer' },
    });
    expect(Date.now() - startedAt).toBeLessThan(3000);
    for (const res of [login, register]) {
      expect(res.status).toBe(503);
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(res.body).toEqual({ error: { code: 'service/unavailable', message: expect.any(String) } });
    }

    await startRedis(marks);
    const again = await a.request('POST', '/api/auth/login', {
      body: { email: team.owner.email, password: team.owner.password },
    });
    expect(again.status).toBe(200);
  });

  it('syncs open card bodies between the instances once Redis is back, and stores what was written meanwhile', async () => {
    const cardId = await newCard('Outage body');
    const here = await collabOn(a, cardId, team.member.token);
    const there = await collabOn(b, cardId, team.owner.token);
    here.type('Before. ');
    await expect.poll(() => textOf(there)).toBe('Before. ');

    const marks = await stopRedis();
    there.type('During.');
    await startRedis(marks);

    await expect.poll(() => textOf(here), { timeout: 5000 }).toBe('Before. During.');
    await expect.poll(() => storedText(cardId), { timeout: 10_000 }).toBe('Before. During.');
    here.type(' After.');
    await expect.poll(() => textOf(there)).toBe('Before. During. After.');
    // The editors never had to reconnect.
    expect(await Promise.race([here.closed, there.closed, Promise.resolve('open')])).toBe('open');
    // Stores refused during the outage, and the race of both instances storing once Redis was back, went unprinted.
    expect(printed).toEqual([]);
  });
});
