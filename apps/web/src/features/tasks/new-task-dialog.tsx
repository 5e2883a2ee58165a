import { taskLimits } from '@deckhand/contract/tasks';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Button } from '../../ui/button';
import { Dialog } from '../../ui/dialog';
import { SelectField } from '../../ui/select-field';
import { TextField } from '../../ui/text-field';
import { type ClientTask, taskCardsQuery, useCreateTask } from './api';
import { taskErrorMessage } from './messages';

export interface NewTaskDialogProps {
  projectId: string;
  /** The card chosen at first, e.g. the one open; none: the project's first card. */
  cardId?: string;
  open: boolean;
  onOpenChange(open: boolean): void;
  onCreated(task: ClientTask): void;
}

/** Names a new task and the card it belongs to; it goes to the project's first column. */
export function NewTaskDialog({ open, onOpenChange, ...props }: NewTaskDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="New task">
      {open ? <NewTaskForm {...props} onCancel={() => onOpenChange(false)} /> : null}
    </Dialog>
  );
}

interface NewTaskFormProps {
  projectId: string;
  cardId?: string;
  onCreated(task: ClientTask): void;
  onCancel(): void;
}

function NewTaskForm({ projectId, cardId: initialCardId, onCreated, onCancel }: NewTaskFormProps) {
  const cards = useQuery(taskCardsQuery(projectId));
  const [title, setTitle] = useState('');
  const [cardId, setCardId] = useState(initialCardId ?? '');
  const [error, setError] = useState<string | null>(null);
  const chosenCard = cardId || cards.data?.[0]?.id || '';
  const create = useCreateTask(chosenCard);

  async function handleSubmit(event: FormEvent<HTMLFormElement>): Promise<void> {
    event.preventDefault();
    const trimmed = title.trim();
    if (trimmed === '') return setError('Please give the task a title.');
    if (trimmed.length > taskLimits.titleMaxLength) {
      return setError(`A task title has at most ${taskLimits.titleMaxLength} characters.`);
    }
    if (!chosenCard) return setError('Tasks belong to a card: create a card first.');
    try {
      onCreated(await create.mutateAsync({ title: trimmed }));
    } catch (failure) {
      setError(taskErrorMessage(failure, 'The task could not be added. Please try again.'));
    }
  }

  const options = (cards.data ?? []).map((card) => ({ value: card.id, label: card.title }));
  // The list holds the most recent cards only; the open card is offered even when it is older.
  if (initialCardId && cards.data && !options.some((option) => option.value === initialCardId)) {
    options.unshift({ value: initialCardId, label: 'This card' });
  }
  return (
    <form noValidate onSubmit={handleSubmit} className="flex flex-col gap-4">
      <TextField
        label="Task title"
        autoComplete="off"
        value={title}
        maxLength={taskLimits.titleMaxLength + 20}
        onChange={(event) => {
          setTitle(event.target.value);
          setError(null);
        }}
        error={error}
      />
      <SelectField
        label="Card"
        options={
          options.length > 0 ? options : [{ value: '', label: cards.isPending ? 'Loading cards…' : 'No cards yet' }]
        }
        value={chosenCard}
        onChange={(event) => setCardId(event.target.value)}
      />
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" disabled={create.isPending}>
          Create task
        </Button>
      </div>
    </form>
  );
}
