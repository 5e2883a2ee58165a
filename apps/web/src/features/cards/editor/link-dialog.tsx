import type { Editor } from '@tiptap/react';
import { type FormEvent, useState } from 'react';
import { Button } from '../../../ui/button';
import { Dialog } from '../../../ui/dialog';
import { TextField } from '../../../ui/text-field';
import { safeLinkHref } from './safe-link';

export interface LinkDialogProps {
  editor: Editor;
  open: boolean;
  onOpenChange(open: boolean): void;
}

/** Adds, changes or removes the link on the selection. */
export function LinkDialog({ editor, open, onOpenChange }: LinkDialogProps) {
  const [address, setAddress] = useState('');
  const [error, setError] = useState<string | null>(null);
  const current = editor.getAttributes('link').href;
  const hasLink = typeof current === 'string';

  function handleOpenChange(next: boolean): void {
    if (next) setAddress(hasLink ? current : '');
    setError(null);
    onOpenChange(next);
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>): void {
    event.preventDefault();
    const href = safeLinkHref(address);
    if (!href) {
      setError('Please enter a web address (https://…) or an email link (mailto:…).');
      return;
    }
    editor.chain().focus().extendMarkRange('link').setLink({ href }).run();
    onOpenChange(false);
  }

  return (
    <Dialog open={open} onOpenChange={handleOpenChange} title={hasLink ? 'Edit link' : 'Add link'}>
      <form noValidate onSubmit={handleSubmit} className="flex flex-col gap-4">
        <TextField
          label="Link address"
          type="url"
          inputMode="url"
          autoComplete="off"
          value={address}
          onChange={(event) => {
            setAddress(event.target.value);
            setError(null);
          }}
          error={error}
        />
        <div className="flex justify-end gap-2">
          {hasLink ? (
            <Button
              variant="secondary"
              onClick={() => {
                editor.chain().focus().extendMarkRange('link').unsetLink().run();
                onOpenChange(false);
              }}
            >
              Remove link
            </Button>
          ) : null}
          <Button type="submit">Save link</Button>
        </div>
      </form>
    </Dialog>
  );
}
