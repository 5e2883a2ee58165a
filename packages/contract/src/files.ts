import { z } from 'zod';

export const fileLimits = {
  /** FILE_MAX_BYTES when the server is not told otherwise (100 MiB). */
  defaultMaxBytes: 100 * 1024 * 1024,
  nameMaxBytes: 255,
  pageDefault: 50,
  pageMax: 100,
  /** Files one message may carry. */
  perMessageMax: 10,
  /** The long side of a thumbnail, in pixels. */
  thumbnailMaxSide: 400,
  /** Images with more pixels than this are never decoded (decompression bombs): stored without a thumbnail. */
  imageMaxPixels: 50_000_000,
} as const;

/** Images a browser may show inline: everything else, SVG included, is downloaded. */
export const inlineImageTypes = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;

export const FileParams = z.object({ fileId: z.uuid() });
export type FileParams = z.infer<typeof FileParams>;

export const FileListQuery = z.object({
  card_id: z.uuid().optional(),
  limit: z.coerce.number().int().min(1).max(fileLimits.pageMax).default(fileLimits.pageDefault),
  /** The `next_cursor` of the page before. */
  cursor: z.uuid().optional(),
});
export type FileListQuery = z.infer<typeof FileListQuery>;

export const FileUploader = z.object({ user_id: z.uuid().nullable(), name: z.string() });

export const StoredFile = z.object({
  id: z.uuid(),
  project_id: z.uuid(),
  card_id: z.uuid().nullable(),
  message_id: z.uuid().nullable(),
  /** The client's file name made safe to show and to save under. */
  name: z.string(),
  /** Sniffed from the bytes, never the client's claim. */
  content_type: z.string(),
  size: z.number().int().min(0),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  /** Signed: works without the Authorization header for at least an hour. */
  url: z.string(),
  thumbnail_url: z.string().nullable(),
  uploaded_by: FileUploader,
  created_at: z.iso.datetime(),
});
export type StoredFile = z.infer<typeof StoredFile>;

export const FileList = z.object({ items: z.array(StoredFile), next_cursor: z.uuid().nullable() });
export type FileList = z.infer<typeof FileList>;

/** What the signed download links carry: an expiry (seconds since the epoch) and an HMAC over it. */
export const SignedFileQuery = z.object({
  expires: z.coerce.number().int().min(0),
  signature: z.string().regex(/^[A-Za-z0-9_-]{43}$/),
});
export type SignedFileQuery = z.infer<typeof SignedFileQuery>;

/** "100 MB" for 104,857,600 bytes: binary units, the way file pickers show sizes. */
export function formatFileSize(bytes: number): string {
  const units = ['bytes', 'KB', 'MB', 'GB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  if (unit === 0) return `${bytes} ${bytes === 1 ? 'byte' : 'bytes'}`;
  const rounded = value >= 10 ? Math.round(value) : Math.round(value * 10) / 10;
  return `${rounded} ${units[unit]}`;
}
