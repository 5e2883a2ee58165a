import zlib from 'node:zlib';
import { type APIRequestContext, expect } from '@playwright/test';
import { z } from 'zod';
import type { ApiAccount } from './projects';

const StoredFile = z.object({
  id: z.string(),
  name: z.string(),
  url: z.string(),
  thumbnail_url: z.string().nullable(),
});

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

/** A PNG of one colour: real image bytes for uploads, without an image library in the test. */
export function solidPng(width: number, height: number, [r, g, b]: [number, number, number]): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8;
  header[9] = 2;
  const row = Buffer.alloc(1 + width * 3);
  for (let x = 0; x < width; x += 1) row.set([r, g, b], 1 + x * 3);
  const pixels = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

export async function uploadViaApi(
  request: APIRequestContext,
  uploader: ApiAccount,
  projectId: string,
  file: { name: string; buffer: Buffer; mimeType?: string; cardId?: string },
) {
  const response = await request.post(`/api/projects/${projectId}/files`, {
    headers: { Authorization: `Bearer ${uploader.token}` },
    multipart: {
      ...(file.cardId ? { card_id: file.cardId } : {}),
      file: { name: file.name, mimeType: file.mimeType ?? 'application/octet-stream', buffer: file.buffer },
    },
  });
  expect(response.status()).toBe(201);
  return StoredFile.parse(await response.json());
}
