import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTeam, type Team } from '../../../test/support/projects';
import { createTestApp, type TestApp } from '../../../test/support/test-app';
import { cards } from '../../db/schema/cards';

interface ListBody {
  items: { id: string; title: string; excerpt: string; archived: boolean }[];
  next_cursor: string | null;
}

let t: TestApp;
let team: Team;
beforeAll(async () => {
  t = await createTestApp();
  team = await createTeam(t, 'Listing project');
});
afterAll(() => t.close());

async function createCard(title: string, projectId = team.projectId): Promise<string> {
  const res = await t.request<{ id: string }>('POST', `/api/projects/${projectId}/cards`, {
    token: team.member.token,
    body: { title },
  });
  if (res.status !== 201) throw new Error(`card not created: ${res.text}`);
  return res.body.id;
}

/** Writes a body's plain text as the collaboration server keeps it beside the Yjs state. */
async function setBodyText(cardId: string, text: string): Promise<void> {
  await t.database.db.update(cards).set({ bodyText: text }).where(eq(cards.id, cardId));
}

async function list(query = '', projectId = team.projectId, token = team.viewer.token) {
  return t.request<ListBody>('GET', `/api/projects/${projectId}/cards${query}`, { token });
}

describe('GET /api/projects/:projectId/cards', () => {
  it('lists most recently updated first, in pages that neither skip nor repeat a card', async () => {
    const project = await t.request<{ id: string }>('POST', '/api/projects', {
      token: team.owner.token,
      body: { name: 'Paged' },
    });
    const projectId = project.body.id;
    await t.request('POST', `/api/projects/${projectId}/members`, {
      token: team.owner.token,
      body: { email: team.member.email, role: 'member' },
    });
    const ids: string[] = [];
    for (let i = 0; i < 7; i += 1) ids.push(await createCard(`Card ${i}`, projectId));
    // Renaming the oldest moves it to the top.
    await t.request('PATCH', `/api/cards/${ids[0]}`, { token: team.member.token, body: { title: 'Card 0 again' } });
    const expected = [ids[0], ...ids.slice(1).reverse()];

    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const query: string = `?limit=3${cursor ? `&cursor=${cursor}` : ''}`;
      const page = await list(query, projectId, team.owner.token);
      expect(page.status).toBe(200);
      expect(page.body.items.length).toBeLessThanOrEqual(3);
      seen.push(...page.body.items.map((card) => card.id));
      cursor = page.body.next_cursor;
    } while (cursor);
    expect(seen).toEqual(expected);
  });

  it('lists archived cards only when asked, and them alone', async () => {
    const kept = await createCard('Kept in view');
    const archived = await createCard('Put away');
    await t.request('PATCH', `/api/cards/${archived}`, { token: team.member.token, body: { archived: true } });
    const active = (await list()).body.items.map((card) => card.id);
    expect(active).toContain(kept);
    expect(active).not.toContain(archived);
    const onlyArchived = (await list('?archived=true')).body.items;
    expect(onlyArchived.map((card) => card.id)).toEqual([archived]);
    expect(onlyArchived[0]?.archived).toBe(true);
  });

  it('finds words of the title and of the body, the last word as a prefix, best matches first', async () => {
    const inTitle = await createCard('Quarterly budget review');
    const inBody = await createCard('Meeting notes');
    await setBodyText(inBody, 'We discussed the budget and the hiring plan for next quarter.');
    await createCard('Unrelated topic');

    const budget = (await list('?q=budget')).body.items.map((card) => card.id);
    expect(budget).toEqual([inTitle, inBody]); // a title match outranks a body match
    expect((await list('?q=hiring%20pl')).body.items.map((card) => card.id)).toEqual([inBody]);
    expect((await list('?q=quart')).body.items.map((card) => card.id).sort()).toEqual([inTitle, inBody].sort());
    expect((await list('?q=budget%20zebra')).body.items).toEqual([]);
  });

  it('shows the first 200 characters of the body as the excerpt', async () => {
    const id = await createCard('Long body');
    await setBodyText(id, 'a'.repeat(150) + 'b'.repeat(150));
    const [card] = (await list('?q=long%20body')).body.items;
    expect(card?.excerpt).toBe('a'.repeat(150) + 'b'.repeat(50));
  });

  it('takes search syntax as plain words, and ignores a query without any', async () => {
    const id = await createCard('Syntax & (safety)');
    for (const q of ["syntax'", 'safety:*', '!syntax | x', '(syntax)']) {
      const res = await list(`?q=${encodeURIComponent(q)}`);
      expect(res.status).toBe(200);
    }
    expect((await list(`?q=${encodeURIComponent("syntax'")}`)).body.items.map((card) => card.id)).toEqual([id]);
    const all = await list(`?q=${encodeURIComponent('&&& !!!')}`);
    expect(all.status).toBe(200);
    expect(all.body.items.map((card) => card.id)).toContain(id);
  });

  it('pages search results too', async () => {
    for (let i = 0; i < 4; i += 1) await createCard(`Pageable search hit ${i}`);
    const first = await list('?q=pageable&limit=3');
    expect(first.body.items).toHaveLength(3);
    const second = await list(`?q=pageable&limit=3&cursor=${first.body.next_cursor}`);
    expect(second.body.items).toHaveLength(1);
    expect(second.body.next_cursor).toBeNull();
    const all = [...first.body.items, ...second.body.items].map((card) => card.id);
    expect(new Set(all).size).toBe(4);
  });

  it.each([
    ['limit=0', '?limit=0'],
    ['limit=201', '?limit=201'],
    ['limit=abc', '?limit=abc'],
    ['archived=maybe', '?archived=maybe'],
    ['a made-up cursor', '?cursor=bm9wZQ'],
    ['a query over 200 characters', `?q=${'x'.repeat(201)}`],
  ])('answers %s with 400', async (_label, query) => {
    const res = await list(query);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: { code: 'request/invalid' } });
  });

  it('answers 400 to a cursor from a search used without it, and the other way round', async () => {
    for (let i = 0; i < 3; i += 1) await createCard(`Cursor kind ${i}`);
    const search = await list('?q=cursor&limit=1');
    const plain = await list('?limit=1');
    expect((await list(`?limit=1&cursor=${search.body.next_cursor}`)).status).toBe(400);
    expect((await list(`?q=cursor&limit=1&cursor=${plain.body.next_cursor}`)).status).toBe(400);
  });

  it('is 404 for a stranger and for an unknown project', async () => {
    expect((await list('', team.projectId, team.stranger.token)).status).toBe(404);
    expect((await list('', crypto.randomUUID(), team.owner.token)).status).toBe(404);
  });
});
