import { type Extensions, getSchema, Node } from '@tiptap/core';
import { TaskItem, TaskList } from '@tiptap/extension-list';
import type { Schema } from '@tiptap/pm/model';
import StarterKit from '@tiptap/starter-kit';

/**
 * The web editor's `fileImage` node without its React view: the server only reads and writes documents. The
 * document keeps the file's id, never a link (links are signed and expire), so its Markdown says `file:{id}`.
 */
const FileImage = Node.create({
  name: 'fileImage',
  group: 'block',
  atom: true,
  addAttributes() {
    return { fileId: { default: null }, alt: { default: '' } };
  },
  renderHTML({ node }) {
    return ['img', { 'data-file-id': String(node.attrs.fileId ?? ''), alt: String(node.attrs.alt ?? '') }];
  },
  renderMarkdown(node) {
    const fileId = typeof node.attrs?.fileId === 'string' ? node.attrs.fileId : '';
    const alt = typeof node.attrs?.alt === 'string' ? node.attrs.alt : '';
    return `![${alt.replace(/[[\]\\]/g, '\\$&')}](file:${fileId})`;
  },
});

/**
 * The card body's extensions as the server reads them. This must follow the web editor's list
 * (apps/web/src/features/cards/editor/card-editor.tsx and file-image.tsx), minus what only a live editor needs
 * (Collaboration, CollaborationCaret, Placeholder): a node or mark missing here is dropped from an export, and
 * a changed attribute default changes what an import writes.
 */
export const bodyExtensions: Extensions = [
  StarterKit.configure({
    undoRedo: false,
    link: { openOnClick: false, autolink: true, defaultProtocol: 'https' },
  }),
  TaskList,
  TaskItem.configure({ nested: true }),
  FileImage,
];

let schema: Schema | undefined;

/** The ProseMirror schema of card bodies, built once on first use. */
export function bodySchema(): Schema {
  schema ??= getSchema(bodyExtensions);
  return schema;
}
