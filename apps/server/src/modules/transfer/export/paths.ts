/** What a file's name may not hold inside a zip: separators and control characters. */
const unsafe = /[/\\\p{Cc}]/gu;

/**
 * Where a file's bytes are in the zip: `files/{fileId}/{name}`. Stored names are already safe to save under
 * (modules/files), so this only guards the zip's own path syntax; the id keeps equal names apart.
 */
export function exportedFilePath(fileId: string, name: string): string {
  const safe = name.replace(unsafe, '_').replace(/^\.+/, '') || 'file';
  return `files/${fileId}/${safe}`;
}
