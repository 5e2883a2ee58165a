import http from 'node:http';
import zlib from 'node:zlib';
import type { TestApp, TestResponse, TestUser } from './test-app';

export interface FileBody {
  id: string;
  project_id: string;
  card_id: string | null;
  message_id: string | null;
  name: string;
  content_type: string;
  size: number;
  width: number | null;
  height: number | null;
  url: string;
  thumbnail_url: string | null;
  uploaded_by: { user_id: string | null; name: string };
  created_at: string;
}

export interface UploadOptions {
  name: string;
  bytes: Uint8Array;
  /** What the client claims; the server sniffs anyway. */
  type?: string;
  cardId?: string;
  /** card_id after the file part instead of before it. */
  cardIdLast?: boolean;
}

/** POSTs a multipart upload the way a browser's FormData does. */
export async function upload(
  t: TestApp,
  user: TestUser,
  projectId: string,
  options: UploadOptions,
): Promise<TestResponse<FileBody>> {
  const form = new FormData();
  if (options.cardId && !options.cardIdLast) form.append('card_id', options.cardId);
  form.append('file', new Blob([options.bytes], { type: options.type ?? 'application/octet-stream' }), options.name);
  if (options.cardId && options.cardIdLast) form.append('card_id', options.cardId);
  const res = await fetch(`${t.url}/api/projects/${projectId}/files`, {
    method: 'POST',
    headers: { authorization: `Bearer ${user.token}` },
    body: form,
  });
  const text = await res.text();
  const body = res.headers.get('content-type')?.includes('application/json') && text ? JSON.parse(text) : text;
  return { status: res.status, headers: res.headers, body, text };
}

export async function uploadOk(t: TestApp, user: TestUser, projectId: string, options: UploadOptions) {
  const res = await upload(t, user, projectId, options);
  if (res.status !== 201) throw new Error(`upload failed: ${res.status} ${res.text}`);
  return res.body;
}

/** Fetches a signed link with no Authorization header, as `<img>` or a download would. */
export function fetchLink(t: TestApp, link: string, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(new URL(link, t.url), { headers });
}

/**
 * Starts a multipart upload of `declaredBytes`, sends `sentBytes` of it and drops the connection: what a closed
 * laptop or a lost network does to an upload. Resolves once the socket is closed.
 */
export async function abortedUpload(
  t: TestApp,
  user: TestUser,
  projectId: string,
  sentBytes: number,
  declaredBytes: number,
): Promise<void> {
  const boundary = 'deckhand-aborted-upload';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="cut.bin"\r\n` +
      'Content-Type: application/octet-stream\r\n\r\n',
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const url = new URL(`/api/projects/${projectId}/files`, t.url);
  await new Promise<void>((resolve) => {
    const req = http.request(url, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${user.token}`,
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'content-length': String(head.length + declaredBytes + tail.length),
      },
    });
    req.on('error', () => resolve());
    req.on('close', () => resolve());
    req.write(head);
    req.write(Buffer.alloc(sentBytes, 7), () => {
      // Give the server the bytes, then cut the line without finishing the body.
      setImmediate(() => req.destroy());
    });
  });
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

/**
 * A tiny PNG whose header claims `width` × `height` pixels: a decompression bomb's shape, without the bytes (its
 * pixel data is a token, which is fine as long as nothing decodes it — the point of the test).
 */
export function pixelBombPng(width = 30_000, height = 30_000): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', zlib.deflateSync(Buffer.alloc(1024))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * Declares a multipart body of `declaredBytes` but sends only its first kilobyte, and resolves with the answer's
 * status and Connection header: a server that checks the declared length answers before the body has come.
 */
export function oversizedDeclaration(
  t: TestApp,
  user: TestUser,
  projectId: string,
  declaredBytes: number,
): Promise<{ status: number; connection: string | undefined }> {
  const boundary = 'deckhand-declared-upload';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="huge.bin"\r\n` +
      'Content-Type: application/octet-stream\r\n\r\n',
  );
  return new Promise((resolve, reject) => {
    const req = http.request(new URL(`/api/projects/${projectId}/files`, t.url), {
      method: 'POST',
      headers: {
        authorization: `Bearer ${user.token}`,
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'content-length': String(declaredBytes),
      },
    });
    req.on('error', reject);
    req.on('response', (res) => {
      res.resume();
      resolve({ status: res.statusCode ?? 0, connection: res.headers.connection });
      req.destroy();
    });
    req.write(Buffer.concat([head, Buffer.alloc(1024)]));
  });
}
