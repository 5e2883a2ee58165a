import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Button } from '../../ui/button';
import { importQuery, isTransferRunning } from './api';
import { percentOf } from './format';
import { ImportSummary } from './import-summary';
import { ProgressBar } from './progress-bar';

export interface ImportProgressProps {
  importId: string;
  onChooseAnother(): void;
  /** Called once, when the import has made its project. */
  onImported?: () => void;
}

/** An uploaded import as the server works on it (live, with a slow poll behind), then its summary or its error. */
export function ImportProgress({ importId, onChooseAnother, onImported }: ImportProgressProps) {
  const { data, isError, isFetching, refetch } = useQuery(importQuery(importId));
  const status = data?.status ?? 'queued';
  const panel = useRef<HTMLDivElement>(null);
  const openLink = useRef<HTMLAnchorElement>(null);
  const chooseAnother = useRef<HTMLButtonElement>(null);
  const onImportedRef = useRef(onImported);
  onImportedRef.current = onImported;

  // The form that had focus is gone: keep the keyboard in the dialog, then on whatever comes next.
  useEffect(() => panel.current?.focus(), []);
  useEffect(() => {
    if (status === 'done') {
      openLink.current?.focus();
      onImportedRef.current?.();
    }
    if (status === 'failed') chooseAnother.current?.focus();
  }, [status]);

  return (
    <div ref={panel} tabIndex={-1} className="flex flex-col gap-4 outline-none">
      {data?.status === 'done' ? (
        data.projectId ? (
          <ImportSummary imported={data} projectId={data.projectId} openLinkRef={openLink} />
        ) : (
          // project_id is set when an import ends well; without one (deleted since?) there is nothing to open.
          <p className="text-sm">The import finished, but its project no longer exists.</p>
        )
      ) : null}
      {isTransferRunning(status) ? (
        <div className="flex flex-col gap-1.5">
          <p aria-live="polite" className="text-sm text-muted">
            {status === 'queued' ? 'Upload complete. Waiting for the import to start…' : 'Importing…'}
          </p>
          <ProgressBar label="Import progress" percent={percentOf(data?.progress ?? 0)} />
        </div>
      ) : null}
      {isError && data === undefined ? (
        <p role="alert" className="text-sm text-danger">
          The import’s progress could not be loaded.{' '}
          <Button size="sm" variant="secondary" disabled={isFetching} onClick={() => void refetch()}>
            Try again
          </Button>
        </p>
      ) : null}
      {status === 'failed' ? (
        <>
          <p role="alert" className="rounded-md border border-danger bg-danger-soft p-3 text-sm">
            {data?.error ? `The import failed: ${data.error}` : 'The import failed.'}
          </p>
          <div className="flex justify-end">
            <Button ref={chooseAnother} onClick={onChooseAnother}>
              Choose another file
            </Button>
          </div>
        </>
      ) : null}
    </div>
  );
}
