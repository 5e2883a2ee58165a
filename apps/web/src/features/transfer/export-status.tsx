import { formatFileSize } from '@deckhand/contract/files';
import { useQuery } from '@tanstack/react-query';
import { formatDateTime } from '../../lib/format';
import { type ClientExport, exportQuery, isTransferRunning } from './api';
import { ExportActions } from './export-actions';
import { percentOf } from './format';
import { ProgressBar } from './progress-bar';

export interface ExportStatusProps {
  exportId: string;
  /** The same export as the list has it, shown until its own answer comes. */
  listed: ClientExport | undefined;
  starting: boolean;
  onExport(): void;
}

function describeExport(current: ClientExport): string {
  switch (current.status) {
    case 'queued':
      return 'Waiting to start…';
    case 'running':
      return 'Exporting…';
    case 'done': {
      const size = current.size === null ? '' : `${formatFileSize(current.size)} `;
      return `Ready: a ${size}zip, made ${formatDateTime(current.createdAt)}.`;
    }
    case 'failed':
      return current.error ? `The export failed: ${current.error}` : 'The export failed.';
  }
}

/** The latest export: its progress while it runs (live, with a slow poll behind), then its download or its error. */
export function ExportStatus({ exportId, listed, starting, onExport }: ExportStatusProps) {
  const { data, isError } = useQuery({ ...exportQuery(exportId), placeholderData: listed });
  // Until its first answer, an export just asked for is taken as running: it was queued a moment ago.
  const running = data ? isTransferRunning(data.status) : !isError;

  return (
    <div className="flex flex-col gap-3">
      {running ? <ProgressBar label="Export progress" percent={percentOf(data?.progress ?? 0)} /> : null}
      {/* One live region for the whole export, so each change of state is announced, not each percent. */}
      <p aria-live="polite" className={`text-sm ${data?.status === 'failed' ? 'text-danger' : 'text-muted'}`}>
        {data ? describeExport(data) : isError ? 'The latest export could not be loaded.' : ''}
      </p>
      <ExportActions
        downloadUrl={data?.status === 'done' ? data.url : null}
        busy={starting || running}
        onExport={onExport}
      />
    </div>
  );
}
