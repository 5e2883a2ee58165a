import { reportLimits } from '@deckhand/contract/reports';
import type { AppDeps } from '../../../app-deps';
import { AppError } from '../../../platform/errors';
import { type Limit, recordHits, secondsUntilAllowed } from '../../../platform/rate-limit';
import { decodeBody } from '../intake/body';
import { parseEnvelope } from '../intake/envelope';
import { ingestProjectId, isIngestKey, keyOfRequest } from '../intake/key';
import { readEnvelope } from '../intake/read-envelope';
import { storeBatch } from '../service/store-batch';

type IngestDeps = Pick<AppDeps, 'db' | 'files' | 'rateLimits'>;

const minuteMs = 60_000;
const addressLimit: Limit = { name: 'reports-ip', max: reportLimits.envelopesPerAddressPerMinute, windowMs: minuteMs };
const userLimit: Limit = { name: 'reports-user', max: reportLimits.envelopesPerUserPerMinute, windowMs: minuteMs };

async function enforceLimit(deps: IngestDeps, limit: Limit, key: string): Promise<void> {
  const checks = [{ limit, key }];
  const waitSeconds = await secondsUntilAllowed(deps.rateLimits, checks);
  if (waitSeconds > 0) {
    throw new AppError('request/rate-limited', 'Too many reports, please slow down', {
      retryAfterSeconds: waitSeconds,
    });
  }
  await recordHits(deps.rateLimits, checks);
}

export interface EnvelopeRequest {
  ip: string;
  projectId: string | undefined;
  query: unknown;
  authHeader: string | string[] | undefined;
}

/**
 * Checked before the body is read: the address limit, the project and the public key.
 * @throws request/rate-limited · reports/unknown-project · reports/missing-key · reports/invalid-key
 */
export async function admitEnvelope(deps: IngestDeps, ingestKey: string, request: EnvelopeRequest): Promise<void> {
  await enforceLimit(deps, addressLimit, request.ip);
  if (request.projectId !== ingestProjectId) {
    throw new AppError('reports/unknown-project', 'This intake has no such project');
  }
  const key = keyOfRequest(request.query, request.authHeader);
  if (!key) throw new AppError('reports/missing-key', 'Send the DSN public key as sentry_key');
  if (!isIngestKey(key, ingestKey)) throw new AppError('reports/invalid-key', 'The DSN public key is not valid here');
}

/**
 * Decodes, parses and stores one envelope; answers its event id.
 * @throws reports/invalid-envelope · reports/unsupported-encoding · request/too-large · request/rate-limited (per user)
 */
export async function ingestEnvelope(
  deps: IngestDeps,
  body: unknown,
  contentEncoding: string | undefined,
): Promise<{ id: string | null }> {
  const receivedAt = new Date();
  const envelope = parseEnvelope(await decodeBody(body, contentEncoding));
  const batch = readEnvelope(envelope, receivedAt);
  if (batch.userId) await enforceLimit(deps, userLimit, batch.userId);
  await storeBatch(deps.db, deps.files, batch, receivedAt);
  return { id: batch.eventId };
}
