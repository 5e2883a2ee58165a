import { formatFileSize } from '@deckhand/contract/files';
import { formatExactTime } from '../../lib/relative-time';
import { buttonClassName } from '../../ui/button';
import { Dialog } from '../../ui/dialog';
import type { ClientFile } from './api';
import { FileIcon } from './file-icon';

export interface FilePreviewDialogProps {
  /** The file shown; null when the dialog is closed. */
  file: ClientFile | null;
  onClose(): void;
}

/** A file that has no image to show, opened from a link: what it is, who sent it when, and its download. */
export function FilePreviewDialog({ file, onClose }: FilePreviewDialogProps) {
  return (
    <Dialog
      open={file !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={file?.name ?? 'File'}
    >
      {file ? (
        <div className="flex flex-col items-center gap-4 text-center">
          <FileIcon name={file.name} size={72} />
          <p className="text-sm text-muted">
            {formatFileSize(file.size)} · {file.contentType} · {file.uploadedBy.name} ·{' '}
            <time dateTime={file.createdAt}>{formatExactTime(file.createdAt)}</time>
          </p>
          <a href={file.url} download={file.name} className={buttonClassName({ variant: 'primary' })}>
            Download
          </a>
        </div>
      ) : null}
    </Dialog>
  );
}
