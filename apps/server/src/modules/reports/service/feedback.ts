import type { Feedback, FeedbackListQuery, ReportAttachment } from '@deckhand/contract/reports';
import { desc, inArray, lt } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { feedbackReports, reportAttachments } from '../../../db/schema/reports';
import type { Actor } from '../../../platform/actor';
import { type AdminDeps, requireInstanceAdmin } from '../../admin/queries/instance-admin';
import type { FeedbackReport } from '../intake/read-envelope';

/** Stores one feedback; returns its id, or undefined when this feedback event was stored before (a retry). */
export async function recordFeedback(db: Db, report: FeedbackReport, receivedAt: Date): Promise<string | undefined> {
  const [row] = await db
    .insert(feedbackReports)
    .values({ ...report, createdAt: receivedAt })
    .onConflictDoNothing({ target: feedbackReports.eventId })
    .returning({ id: feedbackReports.id });
  return row?.id;
}

export function attachmentUrl(id: string): string {
  return `/api/admin/reports/attachments/${id}`;
}

/**
 * Newest first, each with its attachments (the screenshot).
 * @throws admin/not-found (not an instance admin)
 */
export async function listFeedback(
  deps: AdminDeps,
  actor: Actor | null,
  query: FeedbackListQuery,
): Promise<Feedback[]> {
  await requireInstanceAdmin(deps, actor);
  const { db } = deps;
  const rows = await db
    .select()
    .from(feedbackReports)
    .where(query.before ? lt(feedbackReports.id, query.before) : undefined)
    .orderBy(desc(feedbackReports.id))
    .limit(query.limit);
  const ids = rows.map((r) => r.id);
  const files = ids.length
    ? await db
        .select()
        .from(reportAttachments)
        .where(inArray(reportAttachments.feedbackId, ids))
        .orderBy(reportAttachments.id)
    : [];
  const byFeedback = new Map<string, ReportAttachment[]>();
  for (const file of files) {
    if (!file.feedbackId) continue;
    const list = byFeedback.get(file.feedbackId) ?? [];
    list.push({
      id: file.id,
      name: file.name,
      content_type: file.contentType,
      size: file.size,
      url: attachmentUrl(file.id),
    });
    byFeedback.set(file.feedbackId, list);
  }
  return rows.map((r) => ({
    id: r.id,
    message: r.message,
    name: r.name,
    email: r.email,
    url: r.url,
    user_id: r.userId,
    event_id: r.associatedEventId,
    replay_id: r.replayId,
    created_at: r.createdAt.toISOString(),
    attachments: byFeedback.get(r.id) ?? [],
  }));
}
