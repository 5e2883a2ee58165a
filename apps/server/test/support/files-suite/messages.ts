import { beforeAll, describe, expect, it } from 'vitest';
import { createTeam, type Team } from '../projects';
import type { TestApp } from '../test-app';
import { type FileBody, uploadOk } from '../uploads';
import { type FilesFixture, png } from './fixture';

/** Files attached to chat messages, refused attachments, and deletion with the message. */
export function describeMessageFiles(label: string, fx: FilesFixture): void {
  const { storedKeys } = fx;
  let t: TestApp;
  let team: Team;
  let cardId: string;
  let otherCardId: string;
  // The suite's beforeAll (files-suite.ts) has filled the fixture by the time this one runs.
  beforeAll(() => {
    ({ t, team, cardId, otherCardId } = fx);
  });

  describe(`files in messages (${label})`, () => {
    let chatId: string;
    beforeAll(async () => {
      const chats = await t.request<{ id: string }[]>('GET', `/api/cards/${otherCardId}/chats`, {
        token: team.member.token,
      });
      chatId = chats.body[0]?.id ?? '';
    });

    it('attaches the author’s free files to a message, which may then have no text', async () => {
      const image = await uploadOk(t, team.member, team.projectId, { name: 'shot.png', bytes: await png(50, 40) });
      const doc = await uploadOk(t, team.member, team.projectId, { name: 'spec.txt', bytes: Buffer.from('spec') });
      const res = await t.request<{ id: string; text: string; files: FileBody[] }>(
        'POST',
        `/api/chats/${chatId}/messages`,
        {
          token: team.member.token,
          body: { text: '', file_ids: [image.id, doc.id] },
        },
      );
      expect(res.status).toBe(201);
      expect(res.body.text).toBe('');
      expect(res.body.files.map((f) => [f.id, f.message_id, f.card_id])).toEqual([
        [image.id, res.body.id, otherCardId],
        [doc.id, res.body.id, otherCardId],
      ]);
      expect(res.body.files[0]?.thumbnail_url).toMatch(new RegExp(`^${t.url}/api/files/`));
      const list = await t.request<{ id: string; files: FileBody[] }[]>('GET', `/api/chats/${chatId}/messages`, {
        token: team.viewer.token,
      });
      expect(list.body.find((m) => m.id === res.body.id)?.files.map((f) => f.name)).toEqual(['shot.png', 'spec.txt']);
    });

    it('refuses files that are someone else’s, attached already, of another project or unknown; and empty messages', async () => {
      const theirs = await uploadOk(t, team.admin, team.projectId, { name: 'theirs.txt', bytes: Buffer.from('t') });
      const used = await uploadOk(t, team.member, team.projectId, { name: 'used.txt', bytes: Buffer.from('u') });
      const onOtherCard = await uploadOk(t, team.member, team.projectId, {
        name: 'card.txt',
        bytes: Buffer.from('c'),
        cardId,
      });
      const first = await t.request('POST', `/api/chats/${chatId}/messages`, {
        token: team.member.token,
        body: { text: 'first', file_ids: [used.id] },
      });
      expect(first.status).toBe(201);
      const foreign = await createTeam(t, 'Foreign files');
      const foreignFile = await uploadOk(t, foreign.owner, foreign.projectId, {
        name: 'f.txt',
        bytes: Buffer.from('f'),
      });
      const free = await uploadOk(t, team.member, team.projectId, { name: 'free.txt', bytes: Buffer.from('f') });
      for (const fileId of [
        theirs.id,
        used.id,
        onOtherCard.id,
        foreignFile.id,
        '0190a000-0000-7000-8000-0000000000bb',
      ]) {
        const before = await t.request<unknown[]>('GET', `/api/chats/${chatId}/messages`, { token: team.member.token });
        const res = await t.request('POST', `/api/chats/${chatId}/messages`, {
          token: team.member.token,
          body: { text: 'with files', file_ids: [free.id, fileId] },
        });
        expect(res.status).toBe(400);
        expect(res.body).toMatchObject({ error: { code: 'request/invalid' } });
        const after = await t.request<unknown[]>('GET', `/api/chats/${chatId}/messages`, { token: team.member.token });
        expect(after.body).toHaveLength(before.body.length);
      }
      // Nothing was attached by the refused messages: the free file still is.
      const stillFree = await t.request<FileBody>('GET', `/api/files/${free.id}`, { token: team.member.token });
      expect(stillFree.body.message_id).toBeNull();
      const empty = await t.request('POST', `/api/chats/${chatId}/messages`, {
        token: team.member.token,
        body: { text: '  ' },
      });
      expect(empty.status).toBe(400);
      const tooMany = await t.request('POST', `/api/chats/${chatId}/messages`, {
        token: team.member.token,
        body: { text: 'x', file_ids: Array.from({ length: 11 }, () => free.id) },
      });
      expect(tooMany.status).toBe(400);
    });

    it('deletes a message’s files with it', async () => {
      const file = await uploadOk(t, team.member, team.projectId, { name: 'gone.png', bytes: await png(10, 10) });
      const posted = await t.request<{ id: string }>('POST', `/api/chats/${chatId}/messages`, {
        token: team.member.token,
        body: { text: 'short-lived', file_ids: [file.id] },
      });
      const del = await t.request('DELETE', `/api/messages/${posted.body.id}`, { token: team.member.token });
      expect(del.status).toBe(204);
      expect((await t.request('GET', `/api/files/${file.id}`, { token: team.member.token })).status).toBe(404);
      await expect.poll(() => storedKeys(`uploads/${file.id}`)).toEqual([]);
      await expect.poll(() => storedKeys(`thumbnails/${file.id}`)).toEqual([]);
    });
  });
}
