import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { transferLimits } from '@deckhand/contract/transfer';
import { z } from 'zod';
import type { Db } from '../../../db/client';
import { AppError } from '../../../platform/errors';
import { getOrCreateSecret } from '../../../platform/secrets';

/**
 * Signed links to an export's zip: a plain download needs no Authorization header, and a link passed on works
 * for 24 hours at most. Its own key (not the files' one), so that neither kind of link can be made into the other.
 */
export interface ExportLinks {
  url(exportId: string, now?: Date): string;
  /** @throws exports/invalid-link */
  verify(exportId: string, expires: number, signature: string, now?: Date): void;
}

const hourSeconds = 3600;

export function createExportLinks(secret: Buffer, publicUrl: string): ExportLinks {
  const sign = (exportId: string, expires: number) =>
    createHmac('sha256', secret).update(`export\n${exportId}\n${expires}`).digest('base64url');
  return {
    url(exportId, now = new Date()) {
      // Rounded down to the hour, so one export keeps one link for an hour and it never outlives 24 hours.
      const hour = Math.floor(now.getTime() / 1000 / hourSeconds) * hourSeconds;
      const expires = hour + transferLimits.downloadLinkHours * hourSeconds;
      return `${publicUrl}/api/exports/${exportId}/content?expires=${expires}&signature=${sign(exportId, expires)}`;
    },
    verify(exportId, expires, signature, now = new Date()) {
      const expected = Buffer.from(sign(exportId, expires));
      const given = Buffer.from(signature);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
        throw new AppError('exports/invalid-link', 'This link is not valid');
      }
      if (expires * 1000 <= now.getTime()) throw new AppError('exports/invalid-link', 'This link has expired');
    },
  };
}

let cached: { db: Db; links: Promise<ExportLinks> } | undefined;

/** The instance's export-link key, kept in the database so every instance signs and checks alike. */
export function exportLinks(db: Db, publicUrl: string): Promise<ExportLinks> {
  if (cached?.db === db) return cached.links;
  const links = getOrCreateSecret(
    db,
    'export_link_key',
    async () => ({ key: randomBytes(32).toString('base64') }),
    (value) => z.object({ key: z.string().min(40) }).parse(value),
  ).then((key) => createExportLinks(Buffer.from(key.key, 'base64'), publicUrl));
  cached = { db, links };
  links.catch(() => {
    cached = undefined;
  });
  return links;
}
