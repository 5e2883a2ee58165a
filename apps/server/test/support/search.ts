import type { SearchPage, SearchResult } from '@deckhand/contract/search';
import type { Task } from '@deckhand/contract/tasks';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, vi } from 'vitest';
import { searchEntries } from '../../src/db/schema/search';
import { callOk } from './api-call';
import type { CollabClient } from './collab-client';
import { createTeam, type Team } from './projects';
import { createTestApp, type TestApp, type TestUser } from './test-app';

interface SearchWorld {
  t: TestApp;
  team: Team;
  statuses: { id: string; name: string }[];
}

/**
 * A test file's app with a team's project ("Search project"), made before its tests and closed after them, and the
 * helpers the search tests share. Searches default to the project's member.
 */
export function searchTestApp() {
  let world: SearchWorld | undefined;
  const clients: CollabClient[] = [];
  beforeAll(async () => {
    const t = await createTestApp();
    const team = await createTeam(t, 'Search project');
    world = { t, team, statuses: await callOk(t, team.owner, 'GET', `/api/projects/${team.projectId}/statuses`) };
  });
  afterAll(async () => {
    for (const client of clients) client.close();
    await world?.t.close();
  });
  const get = (): SearchWorld => {
    if (!world) throw new Error('the search test app is made in beforeAll');
    return world;
  };

  const call = <T = { id: string }>(user: TestUser, method: string, path: string, body?: unknown) =>
    callOk<T>(get().t, user, method, path, body);
  const searchAs = (user: TestUser, q: string, extra = '') =>
    get().t.request<SearchPage>('GET', `/api/search?q=${encodeURIComponent(q)}${extra}`, { token: user.token });
  async function found(q: string, user: TestUser = get().team.member, extra = ''): Promise<SearchResult[]> {
    const res = await searchAs(user, q, extra);
    if (res.status !== 200) throw new Error(`search ${q} answered ${res.status}: ${res.text}`);
    return res.body.items;
  }

  return {
    get t() {
      return get().t;
    },
    get team() {
      return get().team;
    },
    /** Collaboration clients to close after the tests. */
    clients,
    call,
    searchAs,
    found,
    /** Titles found, in order; polls for at most the 1 s within which a write must be findable. */
    async expectTitles(q: string, titles: string[], user: TestUser = get().team.member, extra = '') {
      await expect
        .poll(async () => (await found(q, user, extra)).map((r) => r.title), { timeout: 1000 })
        .toEqual(titles);
    },
    /** For set-up (expect.poll is for tests): waits the 1 s within which writes must be findable. */
    async waitForCount(q: string, count: number) {
      await vi.waitFor(async () => expect(await found(q)).toHaveLength(count), { timeout: 1000, interval: 50 });
    },
    /** How many index entries a card has (its own, its tasks', messages' and files'). */
    async entriesOf(cardId: string): Promise<number> {
      return (await get().t.database.db.select().from(searchEntries).where(eq(searchEntries.cardId, cardId))).length;
    },
    newCard: (title: string, projectId = get().team.projectId, user: TestUser = get().team.member) =>
      call(user, 'POST', `/api/projects/${projectId}/cards`, { title }),
    async generalChat(cardId: string, user: TestUser = get().team.member): Promise<string> {
      const [first] = await call<{ id: string }[]>(user, 'GET', `/api/cards/${cardId}/chats`);
      if (!first) throw new Error('a card has its General chat');
      return first.id;
    },
    newTask: (cardId: string, body: Record<string, unknown>, user: TestUser = get().team.member) =>
      call<Task>(user, 'POST', `/api/cards/${cardId}/tasks`, body),
    statusId(name: string): string {
      const status = get().statuses.find((s) => s.name === name);
      if (!status) throw new Error(`no status ${name}`);
      return status.id;
    },
    /** The words a result's highlights mark in its snippet. */
    marked: (result: SearchResult): string[] =>
      result.highlights.map(([start, end]) => result.snippet.slice(start, end)),
  };
}
