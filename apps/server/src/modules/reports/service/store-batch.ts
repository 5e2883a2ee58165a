import type { Db } from '../../../db/client';
import type { BlobStore } from '../../../platform/storage/blobs';
import type { IngestBatch } from '../intake/read-envelope';
import { recordAttachment } from './attachments';
import { recordErrorEvent } from './error-groups';
import { recordFeedback } from './feedback';
import { recordReplaySegment } from './replays';

/**
 * Stores what one envelope carried. Attachments belong to the envelope's feedback, else to its
 * error event. Bytes go to the file store first: a failure after that leaves an unreferenced file,
 * never a row without its bytes.
 */
export async function storeBatch(db: Db, files: BlobStore, batch: IngestBatch, receivedAt: Date): Promise<void> {
  const storedAttachments = await Promise.all(batch.attachments.map((a) => files.put(a.data)));
  const storedSegments = await Promise.all(batch.replaySegments.map((s) => files.put(s.data)));
  await db.transaction(async (tx) => {
    let groupId: string | null = null;
    for (const report of batch.errors) {
      const id = await recordErrorEvent(tx, report, receivedAt);
      groupId ??= id;
    }
    let feedbackId: string | null = null;
    let isRetry = false;
    for (const report of batch.feedback) {
      const id = await recordFeedback(tx, report, receivedAt);
      if (id === undefined) isRetry = true;
      feedbackId ??= id ?? null;
    }
    if (!isRetry || groupId !== null) {
      const link = { feedbackId, groupId, eventId: batch.eventId };
      for (const [i, upload] of batch.attachments.entries()) {
        const stored = storedAttachments[i];
        if (stored) await recordAttachment(tx, upload, stored, link);
      }
    }
    for (const [i, segment] of batch.replaySegments.entries()) {
      const stored = storedSegments[i];
      if (stored) await recordReplaySegment(tx, segment, stored, batch.userId);
    }
  });
}
