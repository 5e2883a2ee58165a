import { cardLimits } from '@deckhand/contract/cards';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../ui/button';
import { Dialog } from '../../ui/dialog';
import { TextField } from '../../ui/text-field';
import { useCreateCard } from './api';
import { cardErrorMessage } from './messages';
import { cardPath } from './paths';

export interface NewCardDialogProps {
  projectId: string;
  open: boolean;
  onOpenChange(open: boolean): void;
}

/** Names a new card, creates it, and opens it. */
export function NewCardDialog({ projectId, open, onOpenChange }: NewCardDialogProps) {
  const create = useCreateCard(projectId);
  const navigate = useNavigate();
  const [title, setTitle] = useState('');
  const [error, setError] = useState<string | null>(null);

  function close(next: boolean): void {
    onOpenChange(next);
    if (!next) {
      setTitle('');
      setError(null);
    }
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>): Promise<void> {
    event.preventDefault();
    const trimmed = title.trim();
    if (trimmed === '') return setError('Please give the card a title.');
    if (trimmed.length > cardLimits.titleMaxLength) {
      return setError(`A title has at most ${cardLimits.titleMaxLength} characters.`);
    }
    try {
      const card = await create.mutateAsync({ title: trimmed });
      close(false);
      await navigate(cardPath(projectId, card.id));
    } catch (failure) {
      setError(cardErrorMessage(failure, 'The card could not be created. Please try again.'));
    }
  }

  return (
    <Dialog open={open} onOpenChange={close} title="New card">
      <form noValidate onSubmit={handleSubmit} className="flex flex-col gap-4">
        <TextField
          label="Card title"
          name="title"
          autoComplete="off"
          maxLength={cardLimits.titleMaxLength + 50}
          value={title}
          onChange={(event) => {
            setTitle(event.target.value);
            setError(null);
          }}
          error={error}
        />
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={() => close(false)}>
            Cancel
          </Button>
          <Button type="submit" disabled={create.isPending}>
            Create card
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
