import { formatFileSize } from '@deckhand/contract/files';
import { useRef, useState } from 'react';
import type { ClientFile } from './api';
import { FileIcon } from './file-icon';
import { ImagePreview } from './image-preview';

/** A message's files: images as thumbnails that open the preview, the rest as download links. */
export function MessageFiles({ files }: { files: ClientFile[] }) {
  const [previewIndex, setPreviewIndex] = useState<number | null>(null);
  const thumbnails = useRef<HTMLDivElement>(null);
  if (files.length === 0) return null;
  const images = files.filter((file) => file.thumbnailUrl !== null);
  const others = files.filter((file) => file.thumbnailUrl === null);
  return (
    <div ref={thumbnails} className="mt-1 flex flex-col gap-2">
      {images.length > 0 ? (
        <ul aria-label="Images" className="flex flex-wrap gap-2">
          {images.map((image, index) => (
            <li key={image.id}>
              <button
                type="button"
                aria-label={image.name}
                data-preview-id={image.id}
                onClick={() => setPreviewIndex(index)}
                className="block overflow-hidden rounded-md border border-border bg-surface"
              >
                <img
                  src={image.thumbnailUrl ?? undefined}
                  alt=""
                  loading="lazy"
                  className="max-h-40 max-w-56 object-contain"
                  width={image.width ?? undefined}
                  height={image.height ?? undefined}
                />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {others.length > 0 ? (
        <ul aria-label="Attachments" className="flex flex-col gap-1">
          {others.map((file) => (
            <li key={file.id}>
              <a
                href={file.url}
                download={file.name}
                className="inline-flex max-w-full items-center gap-2 rounded-md border border-border px-2 py-1 text-sm hover:bg-surface-strong"
              >
                <FileIcon name={file.name} size={24} />
                <span className="truncate" title={file.name}>
                  {file.name}
                </span>
                <span className="shrink-0 text-muted">{formatFileSize(file.size)}</span>
              </a>
            </li>
          ))}
        </ul>
      ) : null}
      <ImagePreview images={images} index={previewIndex} onIndexChange={setPreviewIndex} thumbnails={thumbnails} />
    </div>
  );
}
