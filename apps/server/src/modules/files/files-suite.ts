import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectLive } from '../../../test/support/live-client';
import { createTeam, type Team } from '../../../test/support/projects';
import { createTestApp, type TestApp, type TestUser } from '../../../test/support/test-app';
import {
  abortedUpload,
  type FileBody,
  fetchLink,
  oversizedDeclaration,
  pixelBombPng,
  upload,
  uploadOk,
} from '../../../test/support/uploads';
import { files } from '../../db/schema/files';
import { usageEvents } from '../../db/schema/usage-events';
import { sweepFiles } from './sweep';

/** Where the suite's server keeps its bytes: the local disk, or an S3-compatible server the caller starts. */
export interface StorageUnderTest {
  env: Record<string, string>;
  close(): Promise<void>;
}

const maxBytes = 2 * 1024 * 1024;

async function png(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 60, b: 30 } } })
    .png()
    .toBuffer();
}

/** Every files route and error case, run once per storage driver (files.test.ts, files-s3.test.ts). */
export function describeFiles(label: string, startStorage: () => Promise<StorageUnderTest>): void {
  let storage: StorageUnderTest;
  let t: TestApp;
  let team: Team;
  let cardId: string;
  let otherCardId: string;

  beforeAll(async () => {
    storage = await startStorage();
    t = await createTestApp({ ...storage.env, FILE_MAX_BYTES: String(maxBytes) });
    team = await createTeam(t, `Files on ${label}`);
    cardId = await newCard(team.member, 'Designs');
    otherCardId = await newCard(team.member, 'Other card');
  });
  afterAll(async () => {
    await t.close();
    await storage.close();
  });

  async function newCard(user: TestUser, title: string, projectId = team.projectId): Promise<string> {
    const res = await t.request<{ id: string }>('POST', `/api/projects/${projectId}/cards`, {
      token: user.token,
      body: { title },
    });
    if (res.status !== 201) throw new Error(`card not created: ${res.text}`);
    return res.body.id;
  }

  async function storedKeys(prefix: string): Promise<string[]> {
    const keys: string[] = [];
    for await (const object of t.app.deps.storage.list(prefix)) keys.push(object.key);
    return keys.sort();
  }

  async function storedCount(): Promise<number> {
    return (await everyStoredKey()).length;
  }

  /** Every upload and thumbnail in storage. */
  async function everyStoredKey(): Promise<string[]> {
    return [...(await storedKeys('uploads/')), ...(await storedKeys('thumbnails/'))];
  }

  /** Stored uploads and thumbnails that no file row names. */
  async function orphanedKeys(): Promise<string[]> {
    const rows = await t.database.db.select({ key: files.storageKey, thumbnail: files.thumbnailKey }).from(files);
    const named = new Set(rows.flatMap((row) => [row.key, row.thumbnail]));
    return (await everyStoredKey()).filter((key) => !named.has(key));
  }

  async function eventsFor(name: 'file_uploaded' | 'image_uploaded', fileId: string) {
    const rows = await t.database.db
      .select()
      .from(usageEvents)
      .where(and(eq(usageEvents.name, name), eq(usageEvents.userId, team.member.id)));
    return rows.filter((row) => row.properties.file_id === fileId);
  }

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

  describe(`downloads (${label})`, () => {
    let file: FileBody;
    const bytes = Buffer.from('0123456789abcdefghij');
    beforeAll(async () => {
      file = await uploadOk(t, team.member, team.projectId, { name: 'digits.txt', bytes });
    });

    it.each([
      ['bytes=0-9', 206, '0123456789', 'bytes 0-9/20'],
      ['bytes=15-', 206, 'fghij', 'bytes 15-19/20'],
      ['bytes=-3', 206, 'hij', 'bytes 17-19/20'],
      ['bytes=10-100', 206, 'abcdefghij', 'bytes 10-19/20'],
      ['bytes=0-1,5-6', 200, bytes.toString(), null],
    ])('answers Range %s with %i', async (range, status, body, contentRange) => {
      const res = await fetchLink(t, file.url, { range });
      expect(res.status).toBe(status);
      expect(await res.text()).toBe(body);
      expect(res.headers.get('content-range')).toBe(contentRange);
      expect(res.headers.get('accept-ranges')).toBe('bytes');
    });

    it('answers a range past the end with 416', async () => {
      const res = await fetchLink(t, file.url, { range: 'bytes=20-' });
      expect(res.status).toBe(416);
      expect(res.headers.get('content-range')).toBe('bytes */20');
      expect(await res.json()).toMatchObject({ error: { code: 'files/range-not-satisfiable' } });
    });

    it('refuses a changed, swapped or expired signature with 403', async () => {
      const url = new URL(file.url, t.url);
      const tampered = new URL(url);
      const signature = url.searchParams.get('signature') ?? '';
      tampered.searchParams.set('signature', `${signature[0] === 'A' ? 'B' : 'A'}${signature.slice(1)}`);
      const otherExpiry = new URL(url);
      otherExpiry.searchParams.set('expires', String(Number(url.searchParams.get('expires')) + 3600));
      const asThumbnail = new URL(url);
      asThumbnail.pathname = asThumbnail.pathname.replace('/content', '/thumbnail');
      const expired = t.app.deps.fileLinks.url(file.id, 'content', new Date(Date.now() - 3 * 3600 * 1000));
      for (const link of [tampered.href, otherExpiry.href, asThumbnail.href, expired]) {
        const res = await fetchLink(t, link);
        expect(res.status).toBe(403);
        expect(await res.json()).toMatchObject({ error: { code: 'files/invalid-link' } });
      }
      const missing = await fetchLink(t, `/api/files/${file.id}/content`);
      expect(missing.status).toBe(400);
    });

    it('keeps a link valid for at least an hour', () => {
      const expires = Number(new URL(file.url, t.url).searchParams.get('expires'));
      expect(expires * 1000 - Date.now()).toBeGreaterThanOrEqual(3600 * 1000 - 5000);
    });
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
      expect(await storedKeys(`uploads/${mine.id}`)).toEqual([]);
      expect(await storedKeys(`thumbnails/${mine.id}`)).toEqual([]);
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
        expect(await storedKeys(`uploads/${file.id}`)).toEqual([]);
      }
      expect(await storedKeys(`thumbnails/${onCard.id}`)).toEqual([]);
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
      expect(await storedKeys(`uploads/${file.id}`)).toEqual([]);
      expect(await storedKeys(`thumbnails/${file.id}`)).toEqual([]);
    });
  });
}
