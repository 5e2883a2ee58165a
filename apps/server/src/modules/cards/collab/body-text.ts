import * as Y from 'yjs';

/** TipTap keeps its content in this fragment (its default), so any Yjs client can read and write the body. */
export const bodyFragmentName = 'default';

function collect(node: Y.XmlElement | Y.XmlFragment | Y.XmlText, out: string[]): void {
  if (node instanceof Y.XmlText) {
    for (const op of node.toDelta() as { insert?: unknown }[]) if (typeof op.insert === 'string') out.push(op.insert);
    return;
  }
  const children = node.toArray();
  children.forEach((child, index) => {
    if (child instanceof Y.XmlHook) return;
    collect(child, out);
    // Blocks (paragraphs, headings, list items) end in a line break; inline marks are not elements in TipTap.
    if (child instanceof Y.XmlElement && index < children.length - 1) out.push('\n');
  });
}

/** The body's plain text, for the excerpt and for search. */
export function plainTextOf(doc: Y.Doc): string {
  const out: string[] = [];
  collect(doc.getXmlFragment(bodyFragmentName), out);
  return out
    .join('')
    .replace(/\n{2,}/g, '\n')
    .trim();
}
