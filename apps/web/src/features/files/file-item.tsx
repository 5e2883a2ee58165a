import { formatFileSize } from '@deckhand/contract/files';
import { formatExactTime, formatRelativeTime } from '../../lib/relative-time';
import { buttonClassName } from '../../ui/button';
import type { ClientFile } from './api';
import { FileIcon } from './file-icon';

export interface FileItemProps {
  file: ClientFile;
  now: number;
  /** Opens the preview; only for files with a thumbnail. */
  onPreview?: () => void;
  onDelete?: () => void;
}

/** One file of a list: its thumbnail (a button that opens the preview) or type icon, facts, download, delete. */
export function FileItem({ file, now, onPreview, onDelete }: FileItemProps) {
  return (
    // Wraps on a phone: the actions take a line of their own rather than squeezing the name to a few letters a line.
    <li className="flex flex-wrap items-center gap-x-3 gap-y-1 px-3 py-2">
      {file.thumbnailUrl && onPreview ? (
        <button
          type="button"
          aria-label={file.name}
          data-preview-id={file.id}
          onClick={onPreview}
          className="size-12 shrink-0 overflow-hidden rounded-md border border-border bg-surface"
        >
          <img src={file.thumbnailUrl} alt="" className="size-full object-cover" loading="lazy" />
        </button>
      ) : (
        <span className="flex size-12 shrink-0 items-center justify-center">
          <FileIcon name={file.name} />
        </span>
      )}
      <div className="min-w-0 flex-1 basis-40">
        {/* Up to two lines, broken anywhere: a long name is not cut to "notes.…" on one. */}
        <p id={`file-${file.id}-name`} className="line-clamp-2 font-medium [overflow-wrap:anywhere]" title={file.name}>
          {file.name}
        </p>
        <p className="truncate text-sm text-muted">
          {formatFileSize(file.size)} · {file.uploadedBy.name} ·{' '}
          <time dateTime={file.createdAt} title={formatExactTime(file.createdAt)}>
            {formatRelativeTime(file.createdAt, now)}
          </time>
        </p>
      </div>
      <div className="ml-auto flex shrink-0 items-center">
        <a
          href={file.url}
          download={file.name}
          aria-label={`Download ${file.name}`}
          className={buttonClassName({ variant: 'ghost', size: 'sm' })}
        >
          Download
        </a>
        {onDelete ? (
          // Named "Delete" alone: the thumbnail is the one button named after the file (the row says which file).
          <button
            type="button"
            aria-describedby={`file-${file.id}-name`}
            onClick={onDelete}
            className={buttonClassName({ variant: 'ghost', size: 'sm', className: 'text-danger' })}
          >
            Delete
          </button>
        ) : null}
      </div>
    </li>
  );
}
