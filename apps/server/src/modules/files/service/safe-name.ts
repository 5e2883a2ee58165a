import { fileLimits } from '@deckhand/contract/files';

/** Control characters, and the bidirectional overrides that make `gpj.exe` look like `exe.jpg`. */
const unsafeCharacters = /[\p{Cc}\u202a-\u202e\u2066-\u2069\u200e\u200f]/gu;

/**
 * The client's file name made safe to show and to save under: only its last path segment (so `../../etc/passwd`
 * becomes `passwd`), without control characters, leading dots or surrounding spaces, at most 255 UTF-8 bytes
 * (the extension kept when it has to be shortened). Anything else, Unicode included, is kept as given.
 */
export function safeFileName(raw: string): string {
  const lastSegment = raw.normalize('NFC').split(/[/\\]/).pop() ?? '';
  const cleaned = lastSegment
    .replace(unsafeCharacters, '')
    .trim()
    .replace(/^[.\s]+/, '')
    .replace(/[.\s]+$/, '');
  if (cleaned === '') return 'file';
  return truncateUtf8(cleaned, fileLimits.nameMaxBytes);
}

const encoder = new TextEncoder();

function byteLength(text: string): number {
  return encoder.encode(text).byteLength;
}

/** Cuts `name` to `maxBytes`, keeping a short extension and never splitting a character. */
function truncateUtf8(name: string, maxBytes: number): string {
  if (byteLength(name) <= maxBytes) return name;
  const dot = name.lastIndexOf('.');
  const extension = dot > 0 && name.length - dot <= 16 ? name.slice(dot) : '';
  const stem = extension ? name.slice(0, dot) : name;
  const budget = maxBytes - byteLength(extension);
  let kept = '';
  let used = 0;
  for (const char of stem) {
    const size = byteLength(char);
    if (used + size > budget) break;
    kept += char;
    used += size;
  }
  return kept + extension;
}
