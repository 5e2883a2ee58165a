import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { type Replay, reportLimits } from '@deckhand/contract/reports';
import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { replaySegments } from '../../../db/schema/reports';
import type { Actor } from '../../../platform/actor';
import { AppError } from '../../../platform/errors';
import type { BlobStore, StoredBlob } from '../../../platform/storage/blobs';
import { type AdminDeps, requireInstanceAdmin } from '../../admin/queries/instance-admin';
import type { ReplaySegmentUpload } from '../intake/read-envelope';

const unzip = promisify(zlib.unzip);

/** A retried segment is stored once. */
export async function recordReplaySegment(
  db: Db,
  segment: ReplaySegmentUpload,
  stored: StoredBlob,
  userId: string | null,
): Promise<void> {
  await db
    .insert(replaySegments)
    .values({
      replayId: segment.replayId,
      segmentId: segment.segmentId,
      sha256: stored.sha256,
      size: stored.size,
      userId,
    })
    .onConflictDoNothing();
}

/** @throws admin/not-found (not an instance admin) · reports/not-found */
export async function getReplay(deps: AdminDeps, actor: Actor | null, replayId: string): Promise<Replay> {
  await requireInstanceAdmin(deps, actor);
  const [row] = await deps.db
    .select({
      segments: sql<number>`count(*)::int`,
      size: sql<number>`coalesce(sum(${replaySegments.size}), 0)::int`,
      startedAt: sql<Date>`min(${replaySegments.createdAt})`.mapWith(replaySegments.createdAt),
      lastSeen: sql<Date>`max(${replaySegments.createdAt})`.mapWith(replaySegments.createdAt),
    })
    .from(replaySegments)
    .where(eq(replaySegments.replayId, replayId));
  if (!row || row.segments === 0) throw new AppError('reports/not-found', 'No such replay');
  return {
    replay_id: replayId,
    segments: row.segments,
    size: row.size,
    started_at: row.startedAt.toISOString(),
    last_seen: row.lastSeen.toISOString(),
    events_url: `/api/admin/reports/replays/${replayId}/events`,
  };
}

/** A segment is `{"segment_id":N}\n` and then a JSON array of rrweb events, as text or zlib-compressed. */
async function segmentEvents(data: Buffer): Promise<string> {
  const body = data.subarray(data.indexOf(0x0a) + 1);
  const text =
    body[0] === 0x5b
      ? body.toString('utf8')
      : (await unzip(body, { maxOutputLength: reportLimits.envelopeBytes * 5 })).toString('utf8');
  const events: unknown = JSON.parse(text);
  if (!Array.isArray(events)) throw new Error('segment is not an array');
  return text.trim().slice(1, -1).trim();
}

/**
 * Every rrweb event of a replay in segment order, as one JSON array text (what rrweb-player takes).
 * Segments that cannot be read are skipped: the rest of the replay still plays.
 * @throws admin/not-found (not an instance admin) · reports/not-found
 */
export async function readReplayEvents(
  deps: AdminDeps & { files: BlobStore },
  actor: Actor | null,
  replayId: string,
): Promise<string> {
  await requireInstanceAdmin(deps, actor);
  const { db, files } = deps;
  const segments = await db
    .select()
    .from(replaySegments)
    .where(eq(replaySegments.replayId, replayId))
    .orderBy(asc(replaySegments.segmentId));
  if (segments.length === 0) throw new AppError('reports/not-found', 'No such replay');
  const parts: string[] = [];
  for (const segment of segments) {
    const data = await files.get(segment.sha256);
    if (!data) continue;
    const events = await segmentEvents(data).catch(() => '');
    if (events) parts.push(events);
  }
  return `[${parts.join(',')}]`;
}
