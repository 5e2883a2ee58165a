import type { JSONContent } from '@tiptap/core';
import { MarkdownManager } from '@tiptap/markdown';
import { prosemirrorJSONToYDoc, yXmlFragmentToProsemirrorJSON } from '@tiptap/y-tiptap';
import * as Y from 'yjs';
import { bodyExtensions, bodySchema } from './body-schema';
import { markdownFallbacks, wrapStrayInline } from './markdown-fallbacks';

/** The Yjs fragment the web editor binds to (Collaboration's `field`). */
const bodyField = 'default';

let markdown: MarkdownManager | undefined;

function markdownManager(): MarkdownManager {
  markdown ??= new MarkdownManager({ extensions: [...bodyExtensions, ...markdownFallbacks] });
  return markdown;
}

function docFromState(state: Uint8Array): Y.Doc {
  const doc = new Y.Doc();
  Y.applyUpdate(doc, state);
  return doc;
}

/**
 * A fresh Yjs document holding `json` in the body's fragment, as one update.
 * @throws Error when `json` does not fit the body schema
 */
export function bodyStateFromJson(json: JSONContent): Uint8Array {
  const doc = prosemirrorJSONToYDoc(bodySchema(), json, bodyField);
  try {
    return Y.encodeStateAsUpdate(doc);
  } finally {
    doc.destroy();
  }
}

export function bodyJsonFromState(state: Uint8Array): JSONContent {
  const doc = docFromState(state);
  try {
    return yXmlFragmentToProsemirrorJSON(doc.getXmlFragment(bodyField));
  } finally {
    doc.destroy();
  }
}

/** The body as Markdown, for people and other tools; a card without a body gives ''. */
export function bodyMarkdownFromState(state: Uint8Array | null): string {
  if (state === null || state.length === 0) return '';
  return bodyMarkdownFromJson(bodyJsonFromState(state));
}

/** The Markdown of a body already in hand as a document (a converted Trello card), without a Yjs round trip. */
export function bodyMarkdownFromJson(json: JSONContent): string {
  if (!json.content?.length) return '';
  return markdownManager().serialize(json).trim();
}

export function bodyJsonFromMarkdown(source: string): JSONContent {
  return wrapStrayInline(markdownManager().parse(source), bodySchema());
}

function remapElements(parent: Y.XmlFragment | Y.XmlElement, fileIds: Map<string, string>, missing: Set<string>): void {
  for (const child of parent.toArray()) {
    if (!(child instanceof Y.XmlElement)) continue;
    if (child.nodeName === 'fileImage') {
      const fileId = child.getAttribute('fileId');
      if (typeof fileId !== 'string') continue;
      const next = fileIds.get(fileId);
      if (next === undefined) missing.add(fileId);
      else if (next !== fileId) child.setAttribute('fileId', next);
    }
    remapElements(child, fileIds, missing);
  }
}

/**
 * Points every image in the body at its file's new id (an import gives files new ids). Ids not in `fileIds` are
 * left as they are and reported, once each, so the caller decides what a missing file means.
 */
export function remapBodyFileImages(
  state: Uint8Array,
  fileIds: Map<string, string>,
): { state: Uint8Array; missing: string[] } {
  const doc = docFromState(state);
  try {
    const missing = new Set<string>();
    doc.transact(() => remapElements(doc.getXmlFragment(bodyField), fileIds, missing));
    return { state: Y.encodeStateAsUpdate(doc), missing: [...missing] };
  } finally {
    doc.destroy();
  }
}
