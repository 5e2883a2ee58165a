import { beforeAll, describe, expect, it } from 'vitest';
import { searchTestApp } from '../../../test/support/search';

const s = searchTestApp();
const { call, searchAs, found, expectTitles, waitForCount, newCard, generalChat, newTask, statusId } = s;

describe('filters', () => {
  let card: { id: string };
  const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();
  beforeAll(async () => {
    card = await newCard('Bison filter card');
    await newTask(card.id, { title: 'Bison overdue', due_at: inDays(-2), assignee_ids: [s.team.member.id] });
    await newTask(card.id, {
      title: 'Bison soon',
      due_at: inDays(3),
      assignee_ids: [s.team.member.id],
      labels: ['Urgent'],
    });
    await newTask(card.id, { title: 'Bison later', due_at: inDays(20), assignee_ids: [s.team.admin.id] });
    const done = await newTask(card.id, { title: 'Bison done', assignee_ids: [s.team.member.id] });
    await call(s.team.member, 'POST', `/api/tasks/${done.id}/move`, { status_id: statusId('Done') });
    await newTask(card.id, { title: 'Bison started', status_id: statusId('In progress') }, s.team.admin);
    const chatId = await generalChat(card.id);
    await call(s.team.admin, 'POST', `/api/chats/${chatId}/messages`, { text: 'bison from the admin' });
    await waitForCount('bison', 7);
  });

  it('type:, assignee:me and assignee:<name>, status:, label:, is:', async () => {
    expect((await found('bison type:message')).map((r) => r.title)).toEqual(['Adam Admin in General']);
    expect((await found('bison type:card')).map((r) => r.title)).toEqual(['Bison filter card']);
    expect((await found('bison type:card type:message')).map((r) => r.type).sort()).toEqual(['card', 'message']);
    expect((await found('bison assignee:me')).map((r) => r.title).sort()).toEqual([
      'Bison done',
      'Bison overdue',
      'Bison soon',
    ]);
    expect((await found('bison assignee:"Adam Admin"')).map((r) => r.title)).toEqual(['Bison later']);
    expect((await found('bison assignee:adam')).map((r) => r.title)).toEqual(['Bison later']);
    expect((await found('bison status:"in progress"')).map((r) => r.title)).toEqual(['Bison started']);
    expect((await found('bison label:urgent')).map((r) => r.title)).toEqual(['Bison soon']);
    expect((await found('bison is:done')).map((r) => r.title)).toEqual(['Bison done']);
    expect((await found('bison is:open assignee:me')).map((r) => r.title).sort()).toEqual([
      'Bison overdue',
      'Bison soon',
    ]);
    // Only tasks have assignees: a type that is not task finds nothing with them.
    expect(await found('bison type:card assignee:me')).toEqual([]);
  });

  it('due:overdue, due:today, due:week, due:<date and due:>date', async () => {
    expect((await found('bison due:overdue')).map((r) => r.title)).toEqual(['Bison overdue']);
    expect((await found('bison due:week')).map((r) => r.title)).toEqual(['Bison soon']);
    expect(await found('bison due:today')).toEqual([]);
    const tenDays = inDays(10).slice(0, 10);
    expect((await found(`bison due:>${tenDays}`)).map((r) => r.title)).toEqual(['Bison later']);
    expect((await found(`bison due:<${tenDays}`)).map((r) => r.title).sort()).toEqual(['Bison overdue', 'Bison soon']);
  });

  it('due:today follows the caller’s time zone', async () => {
    const other = await newCard('Zone card');
    // 23:30 UTC today is tomorrow in Tokyo (UTC+9) and today in UTC.
    const now = new Date();
    const lateToday = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), 23, 30));
    await newTask(other.id, { title: 'Gazelle at half past eleven', due_at: lateToday.toISOString() });
    await expectTitles('gazelle due:today', ['Gazelle at half past eleven'], s.team.member, '&tz=UTC');
    const tokyoDay = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Tokyo' }).format(now);
    const utcDay = now.toISOString().slice(0, 10);
    const inTokyo = (await found('gazelle due:today', s.team.member, '&tz=Asia/Tokyo')).map((r) => r.title);
    expect(inTokyo).toEqual(tokyoDay === utcDay ? [] : ['Gazelle at half past eleven']);
  });

  it('from:me and from:<name> name the author, uploader or creator; in: names a project', async () => {
    expect((await found('bison from:me')).map((r) => r.title).sort()).toEqual(
      ['Bison done', 'Bison later', 'Bison overdue', 'Bison soon', 'Bison filter card'].sort(),
    );
    expect((await found('bison from:adam')).map((r) => r.title).sort()).toEqual([
      'Adam Admin in General',
      'Bison started',
    ]);
    expect((await found('bison in:"search project" type:card')).map((r) => r.title)).toEqual(['Bison filter card']);
  });

  it('lists what filters alone match, tasks soonest due first, and pages through them', async () => {
    const titles = (await found('assignee:me is:open in:"Search project"')).map((r) => r.title);
    expect(titles.slice(0, 2)).toEqual(['Bison overdue', 'Bison soon']);
    const first = await searchAs(s.team.member, 'bison', '&limit=3');
    expect(first.body.items).toHaveLength(3);
    expect(first.body.next_cursor).toEqual(expect.any(String));
    const rest = await searchAs(s.team.member, 'bison', `&limit=50&cursor=${first.body.next_cursor}`);
    const all = [...first.body.items, ...rest.body.items].map((r) => r.id);
    expect(new Set(all).size).toBe(7);
    expect(rest.body.next_cursor).toBeNull();
    const due1 = await searchAs(s.team.member, 'assignee:me is:open', '&limit=1');
    const due2 = await searchAs(s.team.member, 'assignee:me is:open', `&limit=1&cursor=${due1.body.next_cursor}`);
    expect([...due1.body.items, ...due2.body.items].map((r) => r.title)).toEqual(['Bison overdue', 'Bison soon']);
  });
});
