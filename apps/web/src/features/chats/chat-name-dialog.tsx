import { chatLimits } from '@deckhand/contract/chats';
import { type FormEvent, useState } from 'react';
import { Button } from '../../ui/button';
import { Dialog } from '../../ui/dialog';
import { TextField } from '../../ui/text-field';
import { cardErrorMessage } from '../cards/messages';

export interface ChatNameDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  title: string;
  submitLabel: string;
  initialName?: string;
  /** Saves the name; rejects with the server's error, shown in the dialog. */
  onSubmit(name: string): Promise<void>;
}

/** Names a new chat, or renames one: 1–80 characters. */
export function ChatNameDialog({
  open,
  onOpenChange,
  title,
  submitLabel,
  initialName = '',
  onSubmit,
}: ChatNameDialogProps) {
  const [name, setName] = useState(initialName);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  function handleOpenChange(next: boolean): void {
    if (next) setName(initialName);
    setError(null);
    onOpenChange(next);
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>): Promise<void> {
    event.preventDefault();
    const trimmed = name.trim();
    if (trimmed === '') return setError('Please give the chat a name.');
    if (trimmed.length > chatLimits.nameMaxLength) {
      return setError(`A chat name has at most ${chatLimits.nameMaxLength} characters.`);
    }
    setPending(true);
    try {
      await onSubmit(trimmed);
      onOpenChange(false);
      setName('');
    } catch (failure) {
      setError(cardErrorMessage(failure, 'The chat could not be saved. Please try again.'));
    } finally {
      setPending(false);
    }
  }

  return (
    <Dialog open={open} onOpenChange={handleOpenChange} title={title}>
      <form noValidate onSubmit={handleSubmit} className="flex flex-col gap-4">
        <TextField
          label="Chat name"
          autoComplete="off"
          maxLength={chatLimits.nameMaxLength + 20}
          value={name}
          onChange={(event) => {
            setName(event.target.value);
            setError(null);
          }}
          error={error}
        />
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={() => handleOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" disabled={pending}>
            {submitLabel}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
