import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { reportAttachments } from '../../../db/schema/reports';
import type { Actor } from '../../../platform/actor';
import { AppError } from '../../../platform/errors';
import type { BlobStore, StoredBlob } from '../../../platform/storage/blobs';
import { type AdminDeps, requireInstanceAdmin } from '../../admin/queries/instance-admin';
import type { AttachmentUpload } from '../intake/read-envelope';

export interface AttachmentLink {
  feedbackId: string | null;
  groupId: string | null;
  eventId: string | null;
}

/** Records an attachment whose bytes are already in the file store. */
export async function recordAttachment(
  db: Db,
  upload: AttachmentUpload,
  stored: StoredBlob,
  link: AttachmentLink,
): Promise<void> {
  await db.insert(reportAttachments).values({
    ...link,
    name: upload.name,
    contentType: upload.contentType,
    attachmentType: upload.attachmentType,
    size: stored.size,
    sha256: stored.sha256,
  });
}

export interface AttachmentDelivery {
  contentType: string;
  contentDisposition: string;
  data: Buffer;
}

/** Raster images a browser may show inline; SVG is left out because it can carry script. */
const inlineImageTypes = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/avif']);
/** Sentry's feedback screenshot is sent as application/png (spec §3); browsers render it only as image/png. */
const imageAliases: Record<string, string> = { 'application/png': 'image/png' };
const mimePattern = /^[a-z0-9!#$&^_.+-]+\/[a-z0-9!#$&^_.+-]+$/;

function dispositionOf(kind: 'inline' | 'attachment', name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/** How to serve a stored content type: images inline, everything else as a download. */
export function deliveryOf(storedType: string, name: string): { contentType: string; contentDisposition: string } {
  const essence = storedType.split(';')[0]?.trim().toLowerCase() ?? '';
  const type = imageAliases[essence] ?? essence;
  if (inlineImageTypes.has(type)) return { contentType: type, contentDisposition: dispositionOf('inline', name) };
  return {
    contentType: mimePattern.test(type) ? type : 'application/octet-stream',
    contentDisposition: dispositionOf('attachment', name),
  };
}

/** @throws admin/not-found (not an instance admin) · reports/not-found (no such attachment, or its bytes are gone) */
export async function readAttachment(
  deps: AdminDeps & { files: BlobStore },
  actor: Actor | null,
  attachmentId: string,
): Promise<AttachmentDelivery> {
  await requireInstanceAdmin(deps, actor);
  const { db, files } = deps;
  const [row] = await db.select().from(reportAttachments).where(eq(reportAttachments.id, attachmentId));
  const data = row ? await files.get(row.sha256) : undefined;
  if (!row || !data) throw new AppError('reports/not-found', 'No such attachment');
  return { ...deliveryOf(row.contentType, row.name), data };
}
