import { type RefObject, useEffect, useRef, useState } from 'react';
import { Dialog } from '../../ui/dialog';
import { useStartImport } from './api';
import { ImportForm, type UploadProgress } from './import-form';
import { ImportProgress } from './import-progress';
import { transferErrorMessage } from './messages';
import { ImportUploadCancelled } from './upload-import';

export interface ImportDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  returnFocusTo?: RefObject<HTMLElement | null>;
  /** Called once an import has made its project (the dashboard refreshes its list). */
  onImported?: () => void;
}

/** "Import a project": upload a Deckhand export or a Trello board, follow the import, open the new project. */
export function ImportDialog({ open, onOpenChange, returnFocusTo, onImported }: ImportDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Import a project" returnFocusTo={returnFocusTo}>
      {/* Closing unmounts the flow: the next opening starts from an empty form. The import goes on regardless. */}
      <ImportFlow onCancel={() => onOpenChange(false)} onImported={onImported} />
    </Dialog>
  );
}

interface ImportFlowProps {
  onCancel(): void;
  onImported?: () => void;
}

function ImportFlow({ onCancel, onImported }: ImportFlowProps) {
  const start = useStartImport();
  const [uploading, setUploading] = useState<UploadProgress | null>(null);
  const [importId, setImportId] = useState<string | null>(null);
  const controller = useRef<AbortController | null>(null);

  // Closing the dialog during the upload stops it: nothing was imported yet.
  useEffect(() => () => controller.current?.abort(), []);

  async function handleSubmit(file: File, name: string): Promise<void> {
    const abort = new AbortController();
    controller.current = abort;
    setUploading({ sent: 0, total: file.size });
    try {
      const queued = await start.mutateAsync({
        file,
        name,
        signal: abort.signal,
        onProgress: (sent, total) => setUploading({ sent, total }),
      });
      setImportId(queued.id);
    } catch (error) {
      // The mutation keeps the error for the form to show; a cancelled upload is not one.
      if (error instanceof ImportUploadCancelled) start.reset();
    } finally {
      controller.current = null;
      setUploading(null);
    }
  }

  function handleChooseAnother(): void {
    start.reset();
    setImportId(null);
  }

  if (importId) {
    return <ImportProgress importId={importId} onChooseAnother={handleChooseAnother} onImported={onImported} />;
  }
  return (
    <ImportForm
      uploading={uploading}
      error={
        start.isError ? transferErrorMessage(start.error, 'The file could not be uploaded. Please try again.') : null
      }
      onSubmit={(file, name) => void handleSubmit(file, name)}
      onCancelUpload={() => controller.current?.abort()}
      onCancel={onCancel}
    />
  );
}
