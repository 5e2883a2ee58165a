import { beforeAll, describe, expect, it } from 'vitest';
import type { Team } from '../projects';
import type { TestApp } from '../test-app';
import { type FileBody, fetchLink, uploadOk } from '../uploads';
import type { FilesFixture } from './fixture';

/** Downloads through signed links: ranges, and changed or expired links. */
export function describeDownloads(label: string, fx: FilesFixture): void {
  let t: TestApp;
  let team: Team;
  // The suite's beforeAll (files-suite.ts) has filled the fixture by the time this one runs.
  beforeAll(() => {
    ({ t, team } = fx);
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
}
