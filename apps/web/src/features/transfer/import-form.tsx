import { type FormEvent, useRef, useState } from 'react';
import { Button } from '../../ui/button';
import { TextField } from '../../ui/text-field';
import { ariaDisabledLook } from './aria-disabled-look';
import { FileField } from './file-field';
import { sentPercent } from './format';
import { ProgressBar } from './progress-bar';

/** What the picker offers: the extensions and types of a Deckhand export and of a Trello board export. */
export const importAccept = '.zip,.json,application/zip,application/json';

export interface UploadProgress {
  sent: number;
  total: number;
}

export interface ImportFormProps {
  /** The upload under way, or null before one starts. */
  uploading: UploadProgress | null;
  /** Why the last upload was refused (the server's words for a 4xx). */
  error: string | null;
  onSubmit(file: File, name: string): void;
  onCancelUpload(): void;
  onCancel(): void;
}

/** The file and an optional name for the new project; stays on screen with the upload's progress under it. */
export function ImportForm({ uploading, error, onSubmit, onCancelUpload, onCancel }: ImportFormProps) {
  const [file, setFile] = useState<File | null>(null);
  const [name, setName] = useState('');
  const [fileError, setFileError] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const busy = uploading !== null;

  function handleSubmit(event: FormEvent<HTMLFormElement>): void {
    event.preventDefault();
    if (busy) return;
    const problem = file === null ? 'Please choose a file to import.' : file.size === 0 ? 'This file is empty.' : null;
    setFileError(problem);
    if (file === null || problem) {
      fileInput.current?.focus();
      return;
    }
    onSubmit(file, name);
  }

  return (
    <form noValidate onSubmit={handleSubmit} className="flex flex-col gap-4">
      <FileField
        ref={fileInput}
        label="File"
        name="file"
        accept={importAccept}
        hint="A Deckhand export (.zip) or a Trello board export (.json)"
        disabled={busy}
        error={fileError}
        onChange={(event) => {
          setFile(event.target.files?.[0] ?? null);
          setFileError(null);
        }}
      />
      <TextField
        label="Name"
        name="name"
        autoComplete="off"
        hint="Optional: the new project’s name. Without one, it keeps the name it had."
        value={name}
        disabled={busy}
        onChange={(event) => setName(event.target.value)}
      />
      {uploading ? (
        <div className="flex flex-col gap-1.5">
          <p className="text-sm text-muted">Uploading {file?.name}…</p>
          <ProgressBar label="Upload progress" percent={sentPercent(uploading.sent, uploading.total)} />
        </div>
      ) : null}
      {error ? (
        <p role="alert" className="rounded-md border border-danger bg-danger-soft p-3 text-sm">
          {error}
        </p>
      ) : null}
      <div className="flex justify-end gap-2">
        {busy ? (
          <Button variant="secondary" onClick={onCancelUpload}>
            Cancel upload
          </Button>
        ) : (
          <Button variant="secondary" onClick={onCancel}>
            Cancel
          </Button>
        )}
        <Button type="submit" className={ariaDisabledLook} aria-disabled={busy}>
          Import
        </Button>
      </div>
    </form>
  );
}
