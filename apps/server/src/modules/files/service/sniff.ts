/** Bytes kept from the start of an upload: enough for file-type and for an image's header. */
export const sniffBytes = 64 * 1024;

/**
 * The content type of a file from its first bytes, never from the client's claim. file-type knows binary
 * formats; text gets a look of its own, because an SVG or HTML page must be recognised to be kept out of the
 * browser's reach (files.ts serves both as attachments). Anything unrecognised is application/octet-stream.
 */
export async function sniffContentType(head: Uint8Array): Promise<string> {
  // Loaded with the first upload rather than at start.
  const { fileTypeFromBuffer } = await import('file-type');
  const detected = await fileTypeFromBuffer(head);
  if (detected) return detected.mime;
  const text = decodeUtf8(head);
  if (text === undefined) return 'application/octet-stream';
  const start = text
    .replace(/^\uFEFF/, '')
    .trimStart()
    .slice(0, 1024)
    .toLowerCase();
  if (start.startsWith('<svg') || (start.startsWith('<?xml') && start.includes('<svg'))) return 'image/svg+xml';
  if (/^(<!--[\s\S]*?-->\s*)*<(!doctype html|html|head|body|script)\b/.test(start)) return 'text/html';
  if (start.startsWith('<?xml')) return 'application/xml';
  return 'text/plain';
}

/** The text, or undefined when the bytes are not UTF-8 text (a NUL byte counts as binary). */
function decodeUtf8(head: Uint8Array): string | undefined {
  if (head.includes(0)) return undefined;
  try {
    // stream: true lets the head end inside a character without counting as invalid.
    return new TextDecoder('utf-8', { fatal: true }).decode(head, { stream: true });
  } catch {
    return undefined;
  }
}
