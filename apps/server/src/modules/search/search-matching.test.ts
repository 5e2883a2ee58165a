import { beforeAll, describe, expect, it } from 'vitest';
import { searchTestApp } from '../../../test/support/search';

const s = searchTestApp();
const { call, found, waitForCount, newCard, generalChat, newTask, marked } = s;

describe('matching', () => {
  beforeAll(async () => {
    const card = await newCard('Matching card');
    await newTask(card.id, { title: 'Planning the lynx offsite' });
    await newTask(card.id, { title: 'Lynx plans for winter' });
    await newTask(card.id, { title: 'Winter lynx gear' });
    await newTask(card.id, { title: 'Gear for the offsite' });
    await waitForCount('lynx', 3);
  });

  it('needs every word, and stems them in English: "plans" finds "planning"', async () => {
    expect((await found('lynx plans')).map((r) => r.title)).toEqual([
      'Lynx plans for winter',
      'Planning the lynx offsite',
    ]);
    expect(await found('lynx winter offsite')).toEqual([]);
  });

  it('matches the last word as a prefix, so results come while it is typed', async () => {
    expect((await found('ly')).map((r) => r.title)).toContain('Winter lynx gear');
    expect((await found('lynx plann')).map((r) => r.title)).toEqual(['Planning the lynx offsite']);
    expect((await found('lynx plann ')).map((r) => r.title)).toEqual(['Planning the lynx offsite']);
    // Only the last word: "plann" before another word is a whole word, which nothing has.
    expect(await found('plann lynx')).toEqual([]);
  });

  it('matches a quoted phrase in order, and leaves out what an excluded word matches', async () => {
    expect((await found('"lynx gear"')).map((r) => r.title)).toEqual(['Winter lynx gear']);
    expect(await found('"gear lynx"')).toEqual([]);
    expect((await found('lynx -winter')).map((r) => r.title)).toEqual(['Planning the lynx offsite']);
    expect((await found('lynx -"winter lynx"')).map((r) => r.title)).toEqual([
      'Lynx plans for winter',
      'Planning the lynx offsite',
    ]);
  });

  it('marks the matched words of the snippet by offsets, the prefix and stems included', async () => {
    const [result] = await found('winter lyn');
    expect(result?.title).toBe('Winter lynx gear');
    expect(result && marked(result)).toEqual(['Winter', 'lynx']);
    const [planning] = await found('plans offsite');
    expect(planning && marked(planning)).toEqual(['Planning', 'offsite']);
  });

  it('cuts a long body to at most 200 characters around the match, marks still on the words', async () => {
    const card = await newCard('Long text card');
    const chatId = await generalChat(card.id);
    const filler = 'lorem ipsum dolor sit amet '.repeat(30);
    await call(s.team.member, 'POST', `/api/chats/${chatId}/messages`, {
      text: `${filler}the quokka census ends here. ${filler}`,
    });
    await expect.poll(async () => (await found('quokka')).length, { timeout: 1000 }).toBe(1);
    const [result] = await found('quokka census');
    expect(result?.snippet.length).toBeLessThanOrEqual(200);
    expect(result?.snippet.startsWith('…')).toBe(true);
    expect(result?.snippet.endsWith('…')).toBe(true);
    expect(result && marked(result)).toEqual(['quokka', 'census']);
  });
});
