import fs from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/support/test-app';
import { compressBody, contentEncodings, negotiateEncoding } from './compression';

interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The bytes as they crossed the wire, not decoded (fetch would decode them). */
  body: Buffer;
}

function rawRequest(url: string, headers: Record<string, string> = {}, method = 'GET'): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

function decode(res: RawResponse): string {
  const encoding = res.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(res.body).toString('utf8');
  if (encoding === 'gzip') return gunzipSync(res.body).toString('utf8');
  return res.body.toString('utf8');
}

const chromium = 'gzip, deflate, br, zstd';
const script = `export const words = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `word-${i}`))};\n`;
const png = Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), Buffer.alloc(4096, 7)]);

let t: TestApp;
let webDir: string;
beforeAll(async () => {
  webDir = await fs.mkdtemp(path.join(os.tmpdir(), 'deckhand-compress-'));
  await fs.mkdir(path.join(webDir, 'assets'));
  await fs.writeFile(path.join(webDir, 'index.html'), '<!doctype html><title>Deckhand</title>');
  // As the build leaves them: the file, and its Brotli and gzip copies.
  const asset = path.join(webDir, 'assets', 'index-abc123.js');
  await fs.writeFile(asset, script);
  await fs.writeFile(`${asset}.br`, brotliCompressSync(script));
  await fs.writeFile(`${asset}.gz`, gzipSync(script));
  await fs.writeFile(path.join(webDir, 'assets', 'logo-abc123.png'), png);
  t = await createTestApp({}, { webDistDir: webDir });
});
afterAll(async () => {
  await t.close();
  await fs.rm(webDir, { recursive: true, force: true });
});

describe('negotiateEncoding', () => {
  it.each([
    [undefined, undefined],
    ['', undefined],
    ['identity', undefined],
    ['gzip, deflate, br', 'br'],
    ['gzip', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['br;q=0.5, gzip;q=0.8', 'gzip'],
    ['*', 'br'],
    ['*;q=0', undefined],
    ['deflate', undefined],
  ])('answers %j with %j', (header, expected) => {
    expect(negotiateEncoding(header)).toBe(expected);
  });

  it('chooses among the codings an answer has (the board has gzip only)', () => {
    expect(negotiateEncoding('gzip, deflate, br, zstd', ['gzip'])).toBe('gzip');
    expect(negotiateEncoding('br', ['gzip'])).toBeUndefined();
    expect(negotiateEncoding('*', ['gzip'])).toBe('gzip');
  });
});

describe('compressBody', () => {
  it('answers in memory of about its own size, not in zlib’s 16 KB output chunk (answers are kept cached)', () => {
    const body = Buffer.from('{"id":1,"name":"Project"},'.repeat(200));
    for (const encoding of contentEncodings) {
      const compressed = compressBody(body, encoding);
      expect(compressed.byteLength).toBeLessThan(1024);
      expect(compressed.buffer.byteLength).toBeLessThanOrEqual(Buffer.poolSize);
    }
  });
});

describe('JSON answers', () => {
  it('are sent as Brotli, else gzip, else plain, with Vary: Accept-Encoding, when over 1 KB', async () => {
    const plain = await rawRequest(`${t.url}/api/docs/json`);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.byteLength).toBeGreaterThan(1024);
    for (const [accept, encoding] of [
      [chromium, 'br'],
      ['gzip', 'gzip'],
    ] as const) {
      const res = await rawRequest(`${t.url}/api/docs/json`, { 'accept-encoding': accept });
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(res.body.byteLength).toBeLessThan(plain.body.byteLength / 3);
      expect(JSON.parse(decode(res))).toEqual(JSON.parse(plain.body.toString('utf8')));
    }
  });

  it('are sent plain when under 1 KB', async () => {
    const res = await rawRequest(`${t.url}/api/health`, { 'accept-encoding': chromium });
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(res.body.toString('utf8'))).toEqual({ status: 'ok' });
  });

  it('keep the cached list’s ETag and 304 working, compressed once per version', async () => {
    const user = await t.signUp();
    for (let i = 0; i < 20; i += 1) {
      await t.request('POST', '/api/projects', { token: user.token, body: { name: `Compressed project ${i}` } });
    }
    const auth = { authorization: `Bearer ${user.token}` };
    const plain = await rawRequest(`${t.url}/api/projects`, auth);
    const br = await rawRequest(`${t.url}/api/projects`, { ...auth, 'accept-encoding': chromium });
    const gzip = await rawRequest(`${t.url}/api/projects`, { ...auth, 'accept-encoding': 'gzip' });
    expect(plain.body.byteLength).toBeGreaterThan(1024);
    expect([br.headers['content-encoding'], gzip.headers['content-encoding']]).toEqual(['br', 'gzip']);
    expect(decode(br)).toBe(plain.body.toString('utf8'));
    expect(decode(gzip)).toBe(plain.body.toString('utf8'));
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    // One answer in several codings: a weak validator, the same for each.
    expect(br.headers.etag).toMatch(/^W\/"/);
    expect(new Set([plain.headers.etag, br.headers.etag, gzip.headers.etag]).size).toBe(1);

    const etag = String(br.headers.etag);
    const again = await rawRequest(`${t.url}/api/projects`, {
      ...auth,
      'accept-encoding': chromium,
      'if-none-match': etag,
    });
    expect(again.status).toBe(304);
    expect(again.body.byteLength).toBe(0);
    expect(again.headers['content-encoding']).toBeUndefined();
  });
});

describe('the web app’s files', () => {
  const assetPath = '/assets/index-abc123.js';

  it('are sent as the build’s Brotli or gzip copy, or plain, with immutable caching', async () => {
    for (const [accept, encoding] of [
      [chromium, 'br'],
      ['gzip', 'gzip'],
      ['br;q=0, gzip', 'gzip'],
      ['identity', undefined],
    ] as const) {
      const res = await rawRequest(`${t.url}${assetPath}`, { 'accept-encoding': accept });
      expect(res.status).toBe(200);
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers['content-type']).toMatch(/^(?:application|text)\/javascript/);
      expect(res.headers['content-length']).toBe(String(res.body.byteLength));
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(decode(res)).toBe(script);
    }
  });

  it('answer HEAD with the headers of the copy a GET would get', async () => {
    const res = await rawRequest(`${t.url}${assetPath}`, { 'accept-encoding': chromium }, 'HEAD');
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.body.byteLength).toBe(0);
  });

  it('never compress images, which are compressed already', async () => {
    const res = await rawRequest(`${t.url}/assets/logo-abc123.png`, { 'accept-encoding': chromium });
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body.equals(png)).toBe(true);
  });
});
