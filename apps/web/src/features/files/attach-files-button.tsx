import { useRef } from 'react';
import { Button, type ButtonVariant } from '../../ui/button';

export interface AttachFilesButtonProps {
  variant?: ButtonVariant;
  onFiles(files: File[]): void;
}

/** **Attach files**: opens the system's file picker (several at once) and hands over what was chosen. */
export function AttachFilesButton({ variant = 'secondary', onFiles }: AttachFilesButtonProps) {
  const picker = useRef<HTMLInputElement>(null);
  return (
    <>
      <Button size="sm" variant={variant} onClick={() => picker.current?.click()}>
        Attach files
      </Button>
      <input
        ref={picker}
        type="file"
        multiple
        hidden
        aria-hidden="true"
        tabIndex={-1}
        onChange={(event) => {
          onFiles(Array.from(event.target.files ?? []));
          // The same file may be chosen again later.
          event.target.value = '';
        }}
      />
    </>
  );
}
