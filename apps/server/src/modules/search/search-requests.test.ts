import type { SearchSuggestions } from '@deckhand/contract/search';
import { describe, expect, it } from 'vitest';
import { searchTestApp } from '../../../test/support/search';

const s = searchTestApp();
const { searchAs, found } = s;

describe('bad requests', () => {
  it.each([
    ['an unknown filter', 'color:red', 'search/invalid-query', 'color:'],
    ['a type that is none', 'type:widget', 'search/invalid-query', 'type:widget'],
    ['a bad is:', 'is:maybe', 'search/invalid-query', 'is:maybe'],
    ['a bad due:', 'due:tomorrow', 'search/invalid-query', 'due:tomorrow'],
    ['a date that is no date', 'due:<2026-02-30', 'search/invalid-query', 'due:<2026-02-30'],
    ['a filter without a value', 'in:', 'search/invalid-query', 'in:'],
    ['a project of no such name', 'in:Nowhere', 'search/invalid-query', 'in:Nowhere'],
    ['a person of no such name', 'assignee:Zed', 'search/invalid-query', 'assignee:Zed'],
    ['a status of no such name', 'status:Blocked', 'search/invalid-query', 'status:Blocked'],
  ])('answers 400 for %s, naming it', async (_name, q, code, named) => {
    const res = await s.t.request<{ error: { code: string; message: string } }>(
      'GET',
      `/api/search?q=${encodeURIComponent(q)}`,
      { token: s.team.member.token },
    );
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe(code);
    expect(res.body.error.message).toContain(named);
  });

  it.each([
    ['limit 0', '&limit=0'],
    ['limit 51', '&limit=51'],
    ['a cursor that is none', '&cursor=nonsense'],
    ['a project id that is none', '&project_id=nope'],
    ['an unknown time zone', '&tz=Mars/Olympus'],
  ])('answers 400 request/invalid for %s', async (_name, extra) => {
    const res = await searchAs(s.team.member, 'bison', extra);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: { code: 'request/invalid' } });
  });

  it.each([
    '"',
    '""',
    '-',
    '--',
    '-""',
    'in:"',
    '::',
    'a:b:c',
    'https://example.com/x',
    'the the the',
    '-the',
    '"the of and"',
    'a* & b | !c <-> (d)',
    "o'brien \\ 'quoted'",
    '😀 🎉',
    'naïve café Ünïcode',
    '-bison -lynx',
    '"unclosed phrase',
    `${'word '.repeat(99)}end`,
  ])('answers %j without an error of its own', async (q) => {
    const res = await searchAs(s.team.member, q);
    expect([200, 400]).toContain(res.status);
    if (res.status === 400) expect(res.body).toMatchObject({ error: { code: 'search/invalid-query' } });
  });

  it('answers an empty query with nothing, and 401 without a session', async () => {
    expect(await found('')).toEqual([]);
    expect(await found('   ')).toEqual([]);
    expect((await s.t.request('GET', '/api/search?q=bison')).status).toBe(401);
    expect((await s.t.request('GET', '/api/search/suggest?q=a')).status).toBe(401);
  });
});

describe('GET /api/search/suggest', () => {
  it('completes project names and the names of people who share a project, nobody else', async () => {
    const res = await s.t.request<SearchSuggestions>('GET', '/api/search/suggest?q=sea', {
      token: s.team.member.token,
    });
    expect(res.status).toBe(200);
    expect(res.body.projects).toEqual([{ id: s.team.projectId, name: 'Search project' }]);
    const people = await s.t.request<SearchSuggestions>('GET', '/api/search/suggest?q=a', {
      token: s.team.member.token,
    });
    const names = people.body.people.map((p) => p.name);
    expect(names).toContain('Adam Admin');
    expect(names).not.toContain('Stan Stranger');
    const stranger = await s.t.request<SearchSuggestions>('GET', '/api/search/suggest?q=sea', {
      token: s.team.stranger.token,
    });
    expect(stranger.body.projects).toEqual([]);
    // LIKE's wildcards are letters like any other.
    for (const q of ['%', '_', '\\']) {
      const odd = await s.t.request<SearchSuggestions>('GET', `/api/search/suggest?q=${encodeURIComponent(q)}`, {
        token: s.team.member.token,
      });
      expect(odd.status).toBe(200);
      expect(odd.body.projects).toEqual([]);
    }
  });
});
