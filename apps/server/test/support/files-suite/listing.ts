import { beforeAll, describe, expect, it } from 'vitest';
import { sweepFiles } from '../../../src/modules/files/sweep';
import type { Team } from '../projects';
import type { TestApp } from '../test-app';
import { type FileBody, fetchLink, uploadOk } from '../uploads';
import { type FilesFixture, png } from './fixture';

/** Listing, reading and deleting files; deletion with the card; the sweep of orphaned objects. */
export function describeListing(label: string, fx: FilesFixture): void {
  const { newCard, storedKeys } = fx;
  let t: TestApp;
  let team: Team;
  // The suite's beforeAll (files-suite.ts) has filled the fixture by the time this one runs.
  beforeAll(() => {
    ({ t, team } = fx);
  });

  describe(`listing, reading and deleting (${label})`, () => {
    it('lists a project’s or a card’s files newest first, page by page', async () => {
      const listCard = await newCard(team.member, 'Listing');
      const made: FileBody[] = [];
      for (let i = 0; i < 5; i += 1) {
        made.push(
          await uploadOk(t, team.member, team.projectId, {
            name: `f${i}.txt`,
            bytes: Buffer.from(`${i}`),
            cardId: listCard,
          }),
        );
      }
      const first = await t.request<{ items: FileBody[]; next_cursor: string | null }>(
        'GET',
        `/api/projects/${team.projectId}/files?card_id=${listCard}&limit=3`,
        { token: team.viewer.token },
      );
      expect(first.status).toBe(200);
      expect(first.body.items.map((f) => f.name)).toEqual(['f4.txt', 'f3.txt', 'f2.txt']);
      const second = await t.request<{ items: FileBody[]; next_cursor: string | null }>(
        'GET',
        `/api/projects/${team.projectId}/files?card_id=${listCard}&limit=3&cursor=${first.body.next_cursor}`,
        { token: team.viewer.token },
      );
      expect(second.body.items.map((f) => f.name)).toEqual(['f1.txt', 'f0.txt']);
      expect(second.body.next_cursor).toBeNull();
      const all = await t.request<{ items: FileBody[] }>('GET', `/api/projects/${team.projectId}/files?limit=100`, {
        token: team.member.token,
      });
      expect(all.body.items.length).toBeGreaterThan(5);
      const stranger = await t.request('GET', `/api/projects/${team.projectId}/files`, { token: team.stranger.token });
      expect(stranger.status).toBe(404);
      const badLimit = await t.request('GET', `/api/projects/${team.projectId}/files?limit=0`, {
        token: team.member.token,
      });
      expect(badLimit.status).toBe(400);
    });

    it('reads a file for members and 404 for strangers and unknown ids', async () => {
      const file = await uploadOk(t, team.member, team.projectId, { name: 'read.txt', bytes: Buffer.from('r') });
      const viewer = await t.request<FileBody>('GET', `/api/files/${file.id}`, { token: team.viewer.token });
      expect(viewer.status).toBe(200);
      expect(viewer.body).toMatchObject({ id: file.id, name: 'read.txt' });
      const stranger = await t.request('GET', `/api/files/${file.id}`, { token: team.stranger.token });
      expect(stranger.status).toBe(404);
      expect(stranger.body).toMatchObject({ error: { code: 'files/not-found' } });
      const unknown = await t.request('GET', '/api/files/0190a000-0000-7000-8000-000000000000', {
        token: team.member.token,
      });
      expect(unknown.status).toBe(404);
      const notAnId = await t.request('GET', '/api/files/nope', { token: team.member.token });
      expect(notAnId.status).toBe(400);
    });

    it('deletes for its uploader and admins; others get 403, strangers 404; the bytes go too', async () => {
      const mine = await uploadOk(t, team.member, team.projectId, { name: 'mine.png', bytes: await png(20, 20) });
      const other = await t.signUp({ name: 'Max Member' });
      await t.request('POST', `/api/projects/${team.projectId}/members`, {
        token: team.owner.token,
        body: { email: other.email, role: 'member' },
      });
      for (const [user, status] of [
        [team.stranger, 404],
        [team.viewer, 403],
        [other, 403],
      ] as const) {
        const res = await t.request('DELETE', `/api/files/${mine.id}`, { token: user.token });
        expect(res.status).toBe(status);
      }
      expect(await storedKeys(`uploads/${mine.id}`)).toEqual([`uploads/${mine.id}`]);
      const res = await t.request('DELETE', `/api/files/${mine.id}`, { token: team.member.token });
      expect(res.status).toBe(204);
      await expect.poll(() => storedKeys(`uploads/${mine.id}`)).toEqual([]);
      await expect.poll(() => storedKeys(`thumbnails/${mine.id}`)).toEqual([]);
      expect((await fetchLink(t, mine.url)).status).toBe(404);
      const again = await t.request('DELETE', `/api/files/${mine.id}`, { token: team.member.token });
      expect(again.status).toBe(404);

      const byAdmin = await uploadOk(t, team.member, team.projectId, { name: 'theirs.txt', bytes: Buffer.from('t') });
      expect((await t.request('DELETE', `/api/files/${byAdmin.id}`, { token: team.admin.token })).status).toBe(204);
    });

    it('deletes a card’s files, and its messages’ files, with the card', async () => {
      const doomed = await newCard(team.member, 'Doomed');
      const onCard = await uploadOk(t, team.member, team.projectId, {
        name: 'c.png',
        bytes: await png(30, 30),
        cardId: doomed,
      });
      const chats = await t.request<{ id: string }[]>('GET', `/api/cards/${doomed}/chats`, {
        token: team.member.token,
      });
      const chatId = chats.body[0]?.id;
      const inMessage = await uploadOk(t, team.member, team.projectId, { name: 'm.txt', bytes: Buffer.from('m') });
      const posted = await t.request('POST', `/api/chats/${chatId}/messages`, {
        token: team.member.token,
        body: { text: '', file_ids: [inMessage.id] },
      });
      expect(posted.status).toBe(201);
      expect((await t.request('DELETE', `/api/cards/${doomed}`, { token: team.member.token })).status).toBe(204);
      for (const file of [onCard, inMessage]) {
        expect((await t.request('GET', `/api/files/${file.id}`, { token: team.member.token })).status).toBe(404);
        await expect.poll(() => storedKeys(`uploads/${file.id}`)).toEqual([]);
      }
      await expect.poll(() => storedKeys(`thumbnails/${onCard.id}`)).toEqual([]);
    });

    it('sweeps stored objects that no row names, once they are old enough', async () => {
      const file = await uploadOk(t, team.member, team.projectId, { name: 'kept.txt', bytes: Buffer.from('k') });
      const { Readable } = await import('node:stream');
      const orphanId = '0190a000-0000-7000-8000-0000000000aa';
      await t.app.deps.storage.put(`uploads/${orphanId}`, Readable.from([Buffer.from('orphan')]));
      const deps = { db: t.database.db, storage: t.app.deps.storage, log: t.app.log };
      expect(await storedKeys(`uploads/${orphanId}`)).toHaveLength(1);
      await sweepFiles(deps, new Date());
      expect(await storedKeys(`uploads/${orphanId}`)).toHaveLength(1);
      await sweepFiles(deps, new Date(Date.now() + 2 * 3600 * 1000));
      expect(await storedKeys(`uploads/${orphanId}`)).toEqual([]);
      expect(await storedKeys(`uploads/${file.id}`)).toEqual([`uploads/${file.id}`]);
    });
  });
}
