import { taskLimits } from '@deckhand/contract/tasks';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { Button } from '../../../ui/button';
import { SelectField } from '../../../ui/select-field';
import { TextField } from '../../../ui/text-field';
import { taskCardsQuery, useCreateTask } from '../api';
import { taskErrorMessage } from '../messages';

export interface AddTaskProps {
  projectId: string;
  statusId: string;
}

/** "Add task" at a column's end: a title and the card it belongs to; the task goes to the end of this column. */
export function AddTask({ projectId, statusId }: AddTaskProps) {
  const [open, setOpen] = useState(false);
  if (!open) {
    return (
      <Button variant="ghost" size="sm" className="w-full justify-start" onClick={() => setOpen(true)}>
        <span aria-hidden="true">+</span> Add task
      </Button>
    );
  }
  return <AddTaskForm projectId={projectId} statusId={statusId} onDone={() => setOpen(false)} />;
}

function AddTaskForm({ projectId, statusId, onDone }: { projectId: string; statusId: string; onDone(): void }) {
  const cards = useQuery(taskCardsQuery(projectId));
  const [title, setTitle] = useState('');
  const [cardId, setCardId] = useState('');
  const [error, setError] = useState<string | null>(null);
  const chosenCard = cardId || cards.data?.[0]?.id || '';
  const create = useCreateTask(chosenCard);
  const formId = useId();
  const titleField = useRef<HTMLInputElement>(null);
  useEffect(() => titleField.current?.focus(), []);

  async function handleSubmit(event: FormEvent<HTMLFormElement>): Promise<void> {
    event.preventDefault();
    const trimmed = title.trim();
    if (trimmed === '') return setError('Please give the task a title.');
    if (trimmed.length > taskLimits.titleMaxLength) {
      return setError(`A task title has at most ${taskLimits.titleMaxLength} characters.`);
    }
    if (!chosenCard) return setError('Tasks belong to a card: create a card first.');
    try {
      await create.mutateAsync({ title: trimmed, status_id: statusId });
      setTitle('');
      setError(null);
    } catch (failure) {
      setError(taskErrorMessage(failure, 'The task could not be added. Please try again.'));
    }
  }

  const options = (cards.data ?? []).map((card) => ({ value: card.id, label: card.title }));
  return (
    <form
      id={formId}
      noValidate
      onSubmit={handleSubmit}
      onKeyDown={(event) => {
        if (event.key === 'Escape') onDone();
      }}
      className="flex flex-col gap-2"
    >
      <TextField
        ref={titleField}
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
      <div className="flex gap-2">
        <Button type="submit" size="sm" disabled={create.isPending}>
          Add task
        </Button>
        <Button size="sm" variant="secondary" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
