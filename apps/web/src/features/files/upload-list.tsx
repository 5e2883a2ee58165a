import { Button } from '../../ui/button';
import type { Upload } from './use-uploads';

export interface UploadListProps {
  uploads: Upload[];
  onCancel(key: string): void;
  onDismiss(key: string): void;
}

/** Uploads under way (a progress bar and Cancel each) and failed ones (their reason and Dismiss). */
export function UploadList({ uploads, onCancel, onDismiss }: UploadListProps) {
  if (uploads.length === 0) return null;
  return (
    <ul aria-label="Uploads" className="flex flex-col gap-2">
      {uploads.map((upload) => {
        const percent = upload.size > 0 ? Math.min(100, Math.round((upload.sent / upload.size) * 100)) : 0;
        return (
          <li key={upload.key} className="flex flex-col gap-1 rounded-md border border-border px-3 py-2">
            <div className="flex items-center gap-2">
              <span className="min-w-0 flex-1 truncate text-sm" title={upload.name}>
                {upload.name}
              </span>
              {upload.status === 'uploading' ? (
                <Button
                  size="sm"
                  variant="ghost"
                  aria-label={`Cancel upload of ${upload.name}`}
                  onClick={() => onCancel(upload.key)}
                >
                  Cancel
                </Button>
              ) : (
                <Button
                  size="sm"
                  variant="ghost"
                  aria-label={`Dismiss ${upload.name}`}
                  onClick={() => onDismiss(upload.key)}
                >
                  Dismiss
                </Button>
              )}
            </div>
            {upload.status === 'uploading' ? (
              <div
                role="progressbar"
                aria-label={`Uploading ${upload.name}`}
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={percent}
                className="h-1.5 overflow-hidden rounded-full bg-surface-strong"
              >
                <div className="h-full bg-primary transition-[width]" style={{ width: `${percent}%` }} />
              </div>
            ) : (
              <p role="alert" className="text-sm text-danger">
                {upload.error}
              </p>
            )}
          </li>
        );
      })}
    </ul>
  );
}
