/** http(s) and www. addresses, up to whitespace; trailing punctuation is left out of the link. */
const linkPattern = /\b(?:https?:\/\/|www\.)[^\s<>"]*[^\s<>".,;:!?)\]}'’]/giu;

export interface TextPart {
  /** Where the part starts in the text: a stable key. */
  start: number;
  text: string;
  href?: string;
}

/** The text cut into plain parts and links (http or https only, so no `javascript:` ever becomes one). */
export function linkifyParts(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let last = 0;
  for (const match of text.matchAll(linkPattern)) {
    const start = match.index;
    if (start > last) parts.push({ start: last, text: text.slice(last, start) });
    const address = match[0];
    parts.push({ start, text: address, href: address.startsWith('www.') ? `https://${address}` : address });
    last = start + address.length;
  }
  if (last < text.length) parts.push({ start: last, text: text.slice(last) });
  return parts;
}
