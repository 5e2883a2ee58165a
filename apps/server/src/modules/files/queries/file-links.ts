import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import type { Db } from '../../../db/client';
import { AppError } from '../../../platform/errors';
import { getOrCreateSecret } from '../../../platform/secrets';

export type FileVariant = 'content' | 'thumbnail';

/**
 * Signed links to a file's bytes, so `<img>` and plain downloads work without the Authorization header. A link
 * stays valid one to two hours: the expiry is rounded up to the next hour but one, so the same file keeps the same
 * link for an hour and the browser's cache can hold it.
 */
export interface FileLinks {
  /** `PUBLIC_URL/api/files/{id}/content?expires=…&signature=…`: absolute, so it works wherever it is passed on. */
  url(fileId: string, variant: FileVariant, now?: Date): string;
  /** @throws files/invalid-link (a changed signature or an expired link) */
  verify(fileId: string, variant: FileVariant, expires: number, signature: string, now?: Date): void;
}

const hourSeconds = 3600;

export function createFileLinks(secret: Buffer, publicUrl: string): FileLinks {
  function sign(fileId: string, variant: FileVariant, expires: number): string {
    return createHmac('sha256', secret).update(`${fileId}\n${variant}\n${expires}`).digest('base64url');
  }
  return {
    url(fileId, variant, now = new Date()) {
      const expires = (Math.floor(now.getTime() / 1000 / hourSeconds) + 2) * hourSeconds;
      return `${publicUrl}/api/files/${fileId}/${variant}?expires=${expires}&signature=${sign(fileId, variant, expires)}`;
    },
    verify(fileId, variant, expires, signature, now = new Date()) {
      const expected = Buffer.from(sign(fileId, variant, expires));
      const given = Buffer.from(signature);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
        throw new AppError('files/invalid-link', 'This link is not valid');
      }
      if (expires * 1000 <= now.getTime()) throw new AppError('files/invalid-link', 'This link has expired');
    },
  };
}

/** The instance's link key: kept in the database, so every instance signs and checks alike. */
export async function loadFileLinks(db: Db, publicUrl: string): Promise<FileLinks> {
  const key = await getOrCreateSecret(
    db,
    'file_link_key',
    async () => ({ key: randomBytes(32).toString('base64') }),
    (value) => z.object({ key: z.string().min(40) }).parse(value),
  );
  return createFileLinks(Buffer.from(key.key, 'base64'), publicUrl);
}
