import { inArray, lt, or } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { errorGroups, feedbackReports, replaySegments, reportAttachments } from '../../../db/schema/reports';
import type { BlobStore } from '../../../platform/storage/blobs';

export interface PruneCounts {
  errorGroups: number;
  feedback: number;
  attachments: number;
  replaySegments: number;
  files: number;
}

/**
 * Deletes error groups last seen, and feedback, attachments and replay segments received, before `olderThan`;
 * then the stored bytes no remaining report names. Rows go in one transaction, bytes after it commits, so an
 * interrupted run leaves at worst an unnamed file behind (the next run does not find it again: rare, and small
 * next to what was kept), never a row without its bytes.
 */
export async function pruneReports(db: Db, files: BlobStore, olderThan: Date): Promise<PruneCounts> {
  const removed = await db.transaction(async (tx) => {
    const oldGroups = tx.select({ id: errorGroups.id }).from(errorGroups).where(lt(errorGroups.lastSeenAt, olderThan));
    const oldFeedback = tx
      .select({ id: feedbackReports.id })
      .from(feedbackReports)
      .where(lt(feedbackReports.createdAt, olderThan));
    const attachments = await tx
      .delete(reportAttachments)
      .where(
        or(
          lt(reportAttachments.createdAt, olderThan),
          inArray(reportAttachments.groupId, oldGroups),
          inArray(reportAttachments.feedbackId, oldFeedback),
        ),
      )
      .returning({ sha256: reportAttachments.sha256 });
    const groups = await tx
      .delete(errorGroups)
      .where(lt(errorGroups.lastSeenAt, olderThan))
      .returning({ id: errorGroups.id });
    const feedback = await tx
      .delete(feedbackReports)
      .where(lt(feedbackReports.createdAt, olderThan))
      .returning({ id: feedbackReports.id });
    const segments = await tx
      .delete(replaySegments)
      .where(lt(replaySegments.createdAt, olderThan))
      .returning({ sha256: replaySegments.sha256 });
    return { attachments, groups, feedback, segments };
  });

  const digests = [...new Set([...removed.attachments, ...removed.segments].map((row) => row.sha256))];
  const stillNamed = new Set<string>();
  if (digests.length > 0) {
    for (const table of [reportAttachments, replaySegments]) {
      const rows = await db.select({ sha256: table.sha256 }).from(table).where(inArray(table.sha256, digests));
      for (const row of rows) stillNamed.add(row.sha256);
    }
  }
  const unnamed = digests.filter((digest) => !stillNamed.has(digest));
  for (const digest of unnamed) await files.delete(digest);

  return {
    errorGroups: removed.groups.length,
    feedback: removed.feedback.length,
    attachments: removed.attachments.length,
    replaySegments: removed.segments.length,
    files: unnamed.length,
  };
}
