import { useQuery } from '@tanstack/react-query';
import { Node } from '@tiptap/core';
import { NodeViewWrapper, type ReactNodeViewProps, ReactNodeViewRenderer } from '@tiptap/react';
import { errorCodeOf } from '../../../lib/api';
import { fileQuery } from '../../files/api';

declare module '@tiptap/core' {
  interface Commands<ReturnType> {
    fileImage: {
      /** Puts an uploaded image (by file id) at the selection, or at `position`. */
      insertFileImage: (attrs: { fileId: string; alt: string }, position?: number) => ReturnType;
    };
  }
}

/**
 * An image in the card body. The document keeps the file's id, never its link: links are signed and expire, and
 * a document outlives them. Each view asks the server for a fresh link (fileQuery) and shows the image with it.
 */
export const FileImage = Node.create({
  name: 'fileImage',
  group: 'block',
  atom: true,
  draggable: true,
  addAttributes() {
    return {
      fileId: { default: null, parseHTML: (element) => element.getAttribute('data-file-id') },
      alt: { default: '', parseHTML: (element) => element.getAttribute('alt') ?? '' },
    };
  },
  parseHTML() {
    return [{ tag: 'img[data-file-id]' }];
  },
  renderHTML({ node }) {
    return ['img', { 'data-file-id': String(node.attrs.fileId ?? ''), alt: String(node.attrs.alt ?? '') }];
  },
  addCommands() {
    return {
      insertFileImage:
        (attrs, position) =>
        ({ commands }) => {
          const content = { type: this.name, attrs };
          return position === undefined ? commands.insertContent(content) : commands.insertContentAt(position, content);
        },
    };
  },
  addNodeView() {
    return ReactNodeViewRenderer(FileImageView);
  },
});

function FileImageView({ node, selected }: ReactNodeViewProps) {
  const fileId = typeof node.attrs.fileId === 'string' ? node.attrs.fileId : '';
  const alt = typeof node.attrs.alt === 'string' ? node.attrs.alt : '';
  const file = useQuery({ ...fileQuery(fileId), enabled: fileId !== '' });
  const gone = errorCodeOf(file.error) === 'files/not-found' || fileId === '';
  return (
    <NodeViewWrapper className={`my-2 inline-block max-w-full rounded-md ${selected ? 'outline-2 outline-ring' : ''}`}>
      {file.data ? (
        <img
          src={file.data.url}
          alt={alt || file.data.name}
          width={file.data.width ?? undefined}
          height={file.data.height ?? undefined}
          className="h-auto max-h-[32rem] max-w-full rounded-md"
          draggable={false}
        />
      ) : (
        <span className="inline-flex min-h-16 min-w-48 items-center justify-center rounded-md border border-dashed border-border px-4 text-sm text-muted">
          {gone ? 'This image was deleted.' : file.isError ? 'The image could not be loaded.' : 'Loading image…'}
        </span>
      )}
    </NodeViewWrapper>
  );
}
