import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { files } from '../../../src/db/schema/files';
import { connectLive } from '../live-client';
import { createTeam, type Team } from '../projects';
import type { TestApp } from '../test-app';
import { abortedUpload, fetchLink, oversizedDeclaration, pixelBombPng, upload, uploadOk } from '../uploads';
import { type FilesFixture, maxBytes, png } from './fixture';

/** Uploads: stored, named, typed, sized and refused as the issue says; who may upload; live events. */
export function describeUploads(label: string, fx: FilesFixture): void {
  const { newCard, storedCount, orphanedKeys, eventsFor } = fx;
  let t: TestApp;
  let team: Team;
  let cardId: string;
  // The suite's beforeAll (files-suite.ts) has filled the fixture by the time this one runs.
  beforeAll(() => {
    ({ t, team, cardId } = fx);
  });

  describe(`uploads (${label})`, () => {
    it('stores an image with its size, a thumbnail and signed links, and records both usage events', async () => {
      const bytes = await png(1200, 800);
      const res = await upload(t, team.member, team.projectId, { name: 'mock-up.png', bytes, cardId });
      expect(res.status).toBe(201);
      const file = res.body;
      expect(file).toMatchObject({
        project_id: team.projectId,
        card_id: cardId,
        message_id: null,
        name: 'mock-up.png',
        content_type: 'image/png',
        size: bytes.length,
        width: 1200,
        height: 800,
        uploaded_by: { user_id: team.member.id, name: 'Mia Member' },
      });
      expect(file.url).toMatch(new RegExp(`^${t.url}/api/files/${file.id}/content\\?expires=\\d+&signature=`));
      expect(file.thumbnail_url).toMatch(new RegExp(`^${t.url}/api/files/${file.id}/thumbnail\\?`));

      const content = await fetchLink(t, file.url);
      expect(content.status).toBe(200);
      expect(Buffer.from(await content.arrayBuffer()).equals(bytes)).toBe(true);
      expect(content.headers.get('content-type')).toBe('image/png');
      expect(content.headers.get('content-disposition')).toMatch(/^inline; filename="mock-up.png"/);
      expect(content.headers.get('x-content-type-options')).toBe('nosniff');
      expect(content.headers.get('content-security-policy')).toBe("sandbox; default-src 'none'");
      expect(content.headers.get('cache-control')).toMatch(/^private/);

      const thumbnail = await fetchLink(t, file.thumbnail_url ?? '');
      expect(thumbnail.status).toBe(200);
      expect(thumbnail.headers.get('content-type')).toBe('image/webp');
      const meta = await sharp(Buffer.from(await thumbnail.arrayBuffer())).metadata();
      expect(meta).toMatchObject({ format: 'webp', width: 400, height: 267 });

      await expect.poll(async () => (await eventsFor('file_uploaded', file.id)).length).toBe(1);
      await expect.poll(async () => (await eventsFor('image_uploaded', file.id)).length).toBe(1);
    });

    it('takes card_id after the file too, and reads the type from the bytes, not the claim', async () => {
      const text = new TextEncoder().encode('Meeting notes\nline two\n');
      const file = await uploadOk(t, team.member, team.projectId, {
        name: 'notes.png',
        type: 'image/png',
        bytes: text,
        cardId,
        cardIdLast: true,
      });
      expect(file).toMatchObject({ card_id: cardId, content_type: 'text/plain', width: null, thumbnail_url: null });
      const content = await fetchLink(t, file.url);
      expect(content.headers.get('content-type')).toBe('text/plain; charset=utf-8');
      expect(content.headers.get('content-disposition')).toMatch(/^attachment;/);
      await expect.poll(async () => (await eventsFor('file_uploaded', file.id)).length).toBe(1);
      expect(await eventsFor('image_uploaded', file.id)).toHaveLength(0);
    });

    it.each([
      ['an HTML page named .png', 'photo.png', '<!DOCTYPE html><html><script>alert(1)</script></html>', 'text/html'],
      [
        'an SVG with a script',
        'logo.svg',
        '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
        'image/svg+xml',
      ],
    ])('serves %s as an attachment that cannot run', async (_label, name, source, type) => {
      const file = await uploadOk(t, team.member, team.projectId, {
        name,
        type: 'image/png',
        bytes: new TextEncoder().encode(source),
      });
      expect(file.content_type).toBe(type);
      expect(file.thumbnail_url).toBeNull();
      const content = await fetchLink(t, file.url);
      expect(content.status).toBe(200);
      expect(content.headers.get('content-disposition')).toMatch(/^attachment;/);
      expect(content.headers.get('x-content-type-options')).toBe('nosniff');
      expect(content.headers.get('content-security-policy')).toBe("sandbox; default-src 'none'");
    });

    it.each([
      ['../../etc/passwd', 'passwd'],
      ['..\\..\\windows\\win.ini', 'win.ini'],
      ['.bashrc', 'bashrc'],
      ['  spaced out.txt  ', 'spaced out.txt'],
      ['bell\u0007and\u0000nul.txt', 'bellandnul.txt'],
      ['invoice\u202egpj.exe', 'invoicegpj.exe'],
      ['Résumé – 履歴書 📄.txt', 'Résumé – 履歴書 📄.txt'],
      ['..', 'file'],
    ])('makes the name %j safe: %j', async (given, expected) => {
      const file = await uploadOk(t, team.member, team.projectId, { name: given, bytes: Buffer.from('x') });
      expect(file.name).toBe(expected);
      const content = await fetchLink(t, file.url);
      expect(content.headers.get('content-disposition')).toContain(
        `filename*=UTF-8''${encodeURIComponent(expected).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)}`,
      );
    });

    it('shortens a long name to 255 bytes, keeping the extension and whole characters', async () => {
      const file = await uploadOk(t, team.member, team.projectId, {
        name: `${'é'.repeat(200)}.pdf`,
        bytes: Buffer.from('x'),
      });
      expect(Buffer.byteLength(file.name)).toBeLessThanOrEqual(255);
      expect(file.name).toMatch(/^é+\.pdf$/);
    });

    it('answers 413 over FILE_MAX_BYTES and keeps nothing', async () => {
      const before = await storedCount();
      const rowsBefore = await t.database.db.select({ id: files.id }).from(files);
      const res = await upload(t, team.member, team.projectId, { name: 'big.bin', bytes: Buffer.alloc(maxBytes + 1) });
      expect(res.status).toBe(413);
      expect(res.body).toMatchObject({ error: { code: 'files/too-large', message: 'This file is larger than 2 MB' } });
      expect(await storedCount()).toBe(before);
      expect(await t.database.db.select({ id: files.id }).from(files)).toHaveLength(rowsBefore.length);
      const exact = await upload(t, team.member, team.projectId, { name: 'exact.bin', bytes: Buffer.alloc(maxBytes) });
      expect(exact.status).toBe(201);
      // Declared far over the limit: answered at once, and the connection closed so the rest is not sent.
      expect(await oversizedDeclaration(t, team.member, team.projectId, 50 * maxBytes)).toEqual({
        status: 413,
        connection: 'close',
      });
      // …but only to members who may upload.
      expect((await oversizedDeclaration(t, team.stranger, team.projectId, 50 * maxBytes)).status).toBe(404);
      expect(await storedCount()).toBe(before + 1);
    });

    it('keeps nothing of an upload cut off half-way', async () => {
      await abortedUpload(t, team.member, team.projectId, 512 * 1024, 1024 * 1024);
      // What would be left: an object no row names (its bytes), or a row for the file (named cut.bin). The server
      // notices the cut some time after the socket closes: wait for the clean-up.
      await expect.poll(() => orphanedKeys(), { timeout: 5000 }).toEqual([]);
      const rows = await t.database.db.select({ id: files.id }).from(files).where(eq(files.name, 'cut.bin'));
      expect(rows).toEqual([]);
      const after = await upload(t, team.member, team.projectId, { name: 'after.txt', bytes: Buffer.from('ok') });
      expect(after.status).toBe(201);
    });

    it('stores a pixel bomb as a plain file: no size, no thumbnail, never shown inline', async () => {
      const bomb = pixelBombPng();
      const file = await uploadOk(t, team.member, team.projectId, { name: 'bomb.png', bytes: bomb });
      expect(file).toMatchObject({ content_type: 'image/png', width: null, height: null, thumbnail_url: null });
      const content = await fetchLink(t, file.url);
      expect(content.headers.get('content-disposition')).toMatch(/^attachment;/);
      expect(Buffer.from(await content.arrayBuffer()).equals(bomb)).toBe(true);
    });

    it('refuses bad requests with 400 or 415, keeping nothing', async () => {
      const before = await storedCount();
      const foreignTeam = await createTeam(t, 'Foreign');
      const foreignCard = await newCard(foreignTeam.owner, 'Foreign card', foreignTeam.projectId);
      const cases = [
        await upload(t, team.member, team.projectId, { name: 'a.txt', bytes: Buffer.from('a'), cardId: foreignCard }),
        await upload(t, team.member, team.projectId, {
          name: 'a.txt',
          bytes: Buffer.from('a'),
          cardId: foreignCard,
          cardIdLast: true,
        }),
      ];
      for (const res of cases) {
        expect(res.status).toBe(400);
        expect(res.body).toMatchObject({
          error: { code: 'request/invalid', message: 'card_id: not a card of this project' },
        });
      }
      const badId = new FormData();
      badId.append('card_id', 'not-a-uuid');
      badId.append('file', new Blob(['a']), 'a.txt');
      const noFile = new FormData();
      noFile.append('card_id', cardId);
      const wrongName = new FormData();
      wrongName.append('attachment', new Blob(['a']), 'a.txt');
      for (const form of [badId, noFile, wrongName]) {
        const res = await fetch(`${t.url}/api/projects/${team.projectId}/files`, {
          method: 'POST',
          headers: { authorization: `Bearer ${team.member.token}` },
          body: form,
        });
        expect(res.status).toBe(400);
        expect(await res.json()).toMatchObject({ error: { code: 'request/invalid' } });
      }
      const json = await t.request('POST', `/api/projects/${team.projectId}/files`, {
        token: team.member.token,
        body: { name: 'x' },
      });
      expect(json.status).toBe(415);
      expect(await storedCount()).toBe(before);
    });

    it('lets members, admins and the owner upload; a viewer gets 403, a stranger 404, nobody 401', async () => {
      for (const role of ['owner', 'admin', 'member'] as const) {
        const res = await upload(t, team.byRole[role], team.projectId, {
          name: `${role}.txt`,
          bytes: Buffer.from(role),
        });
        expect(res.status).toBe(201);
      }
      const viewer = await upload(t, team.viewer, team.projectId, { name: 'v.txt', bytes: Buffer.from('v') });
      expect(viewer.status).toBe(403);
      expect(viewer.body).toMatchObject({ error: { code: 'files/forbidden' } });
      const stranger = await upload(t, team.stranger, team.projectId, { name: 's.txt', bytes: Buffer.from('s') });
      expect(stranger.status).toBe(404);
      const anonymous = await fetch(`${t.url}/api/projects/${team.projectId}/files`, { method: 'POST' });
      expect(anonymous.status).toBe(401);
    });

    it('tells the project’s members live, and nobody else', async () => {
      const viewer = await connectLive(t.url, team.viewer.token);
      const stranger = await connectLive(t.url, team.stranger.token);
      const file = await uploadOk(t, team.member, team.projectId, {
        name: 'live.txt',
        bytes: Buffer.from('l'),
        cardId,
      });
      await viewer.waitFor((m) => m.type === 'file_created' && m.file_id === file.id && m.card_id === cardId);
      const del = await t.request('DELETE', `/api/files/${file.id}`, { token: team.member.token });
      expect(del.status).toBe(204);
      await viewer.waitFor((m) => m.type === 'file_deleted' && m.file_id === file.id);
      expect(stranger.messages.some((m) => m.file_id === file.id)).toBe(false);
      viewer.close();
      stranger.close();
    });
  });
}
