import { randomBytes, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import type { Db } from '../../../db/client';
import { getOrCreateSecret } from '../../../platform/secrets';

/** The self-hosted intake has one project; its id is part of the DSN. */
export const ingestProjectId = '1';

const IngestKey = z.string().regex(/^[0-9a-f]{32}$/);

/** The intake's public key (a DSN's user part): generated once, shared by every instance. */
export async function loadIngestKey(db: Db): Promise<string> {
  return getOrCreateSecret(
    db,
    'reports-ingest-key',
    async () => randomBytes(16).toString('hex'),
    (value) => IngestKey.parse(value),
  );
}

/** `http(s)://<key>@<PUBLIC_URL host and path>/ingest/1`: the SDK then posts to PUBLIC_URL/ingest/api/1/envelope/. */
export function selfHostedDsn(publicUrl: string, key: string): string {
  const url = new URL(publicUrl);
  const base = url.pathname.replace(/\/+$/, '');
  return `${url.protocol}//${key}@${url.host}${base}/ingest/${ingestProjectId}`;
}

const QueryKey = z.object({ sentry_key: z.string().optional().catch(undefined) });

/** The key from `?sentry_key=` (browsers) or `X-Sentry-Auth: Sentry sentry_key=…` (older SDKs). */
export function keyOfRequest(query: unknown, authHeader: string | string[] | undefined): string | undefined {
  const fromQuery = QueryKey.safeParse(query).data?.sentry_key;
  if (fromQuery) return fromQuery;
  const header = Array.isArray(authHeader) ? authHeader[0] : authHeader;
  return header ? /sentry_key=([^,\s]+)/.exec(header)?.[1] : undefined;
}

export function isIngestKey(candidate: string, key: string): boolean {
  const a = Buffer.from(candidate);
  const b = Buffer.from(key);
  return a.length === b.length && timingSafeEqual(a, b);
}
