import { Extension, type Extensions, type JSONContent } from '@tiptap/core';
import type { Schema } from '@tiptap/pm/model';

/**
 * Markdown that card bodies have no node for, read into nodes they do have so that nothing is dropped: by
 * default the Markdown reader leaves tables out and keeps only an image's alt text. These only parse; they add
 * nothing to the schema, so the body stays what the web editor can show.
 */
export const markdownFallbacks: Extensions = [
  // A table keeps its rows, monospaced, as the Markdown it was written in.
  Extension.create({
    name: 'markdownTableAsCode',
    markdownTokenName: 'table',
    parseMarkdown: (token) => {
      const raw = typeof token.raw === 'string' ? token.raw.trimEnd() : '';
      if (raw === '') return [];
      return { type: 'codeBlock', attrs: { language: null }, content: [{ type: 'text', text: raw }] };
    },
  }),
  // An image on the web (a body's own images are files, fileImage) becomes a link to it.
  Extension.create({
    name: 'markdownImageAsLink',
    markdownTokenName: 'image',
    // A text node with its mark rather than a mark result: alone in a paragraph the image is read as a block,
    // where the reader keeps a mark result's text but drops its mark.
    parseMarkdown: (token) => {
      const href = typeof token.href === 'string' ? token.href : '';
      const text = typeof token.text === 'string' && token.text.trim() !== '' ? token.text : href;
      if (text === '') return [];
      return href === '' ? { type: 'text', text } : { type: 'text', text, marks: [{ type: 'link', attrs: { href } }] };
    },
  }),
];

/**
 * `json` with inline nodes that sit directly in a block container wrapped in paragraphs. The Markdown reader
 * leaves them there when a paragraph holds only an image (it expects an image node, which is a block), and
 * ProseMirror would not take such a document.
 */
export function wrapStrayInline(json: JSONContent, schema: Schema): JSONContent {
  if (!json.content) return json;
  const content = json.content.map((child) => wrapStrayInline(child, schema));
  const type = schema.nodes[json.type ?? ''];
  if (!type || type.inlineContent) return { ...json, content };
  const blocks: JSONContent[] = [];
  let paragraph: JSONContent[] | null = null;
  for (const child of content) {
    if (!schema.nodes[child.type ?? '']?.isInline) {
      paragraph = null;
      blocks.push(child);
      continue;
    }
    if (!paragraph) {
      paragraph = [];
      blocks.push({ type: 'paragraph', content: paragraph });
    }
    paragraph.push(child);
  }
  return { ...json, content: blocks };
}
