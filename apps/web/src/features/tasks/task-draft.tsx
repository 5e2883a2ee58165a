import { type CreateTaskInput, taskLimits } from '@deckhand/contract/tasks';
import { useQuery } from '@tanstack/react-query';
import { type Ref, useState } from 'react';
import { SelectField } from '../../ui/select-field';
import { TextField } from '../../ui/text-field';
import { type ClientTask, taskCardsQuery, useCreateTask } from './api';
import { taskErrorMessage } from './messages';

/**
 * A task being written in a form — its title and the card it belongs to — with the checks and the creation that
 * every "new task" form shares (a column's Add task, the palette's New task).
 * @param initialCardId the card chosen at first (offered even when it is not among the recent cards); none: the
 *   project's most recent card
 */
export function useTaskDraft(projectId: string, initialCardId?: string) {
  const cards = useQuery(taskCardsQuery(projectId));
  const [title, setTitle] = useState('');
  const [cardId, setCardId] = useState(initialCardId ?? '');
  const [error, setError] = useState<string | null>(null);
  const chosenCard = cardId || cards.data?.[0]?.id || '';
  const create = useCreateTask(chosenCard);

  const options = (cards.data ?? []).map((card) => ({ value: card.id, label: card.title }));
  // The list holds the most recent cards only; the open card is offered even when it is older.
  if (initialCardId && cards.data && !options.some((option) => option.value === initialCardId)) {
    options.unshift({ value: initialCardId, label: 'This card' });
  }

  /** Checks and creates the task; null when it was refused, with the reason shown under the title. */
  async function submit(extra: Omit<CreateTaskInput, 'title'> = {}): Promise<ClientTask | null> {
    const trimmed = title.trim();
    if (trimmed === '') return refuse('Please give the task a title.');
    if (trimmed.length > taskLimits.titleMaxLength) {
      return refuse(`A task title has at most ${taskLimits.titleMaxLength} characters.`);
    }
    if (!chosenCard) return refuse('Tasks belong to a card: create a card first.');
    try {
      const task = await create.mutateAsync({ ...extra, title: trimmed });
      setTitle('');
      setError(null);
      return task;
    } catch (failure) {
      return refuse(taskErrorMessage(failure, 'The task could not be added. Please try again.'));
    }
  }

  function refuse(message: string): null {
    setError(message);
    return null;
  }

  return {
    title,
    setTitle(next: string) {
      setTitle(next);
      setError(null);
    },
    error,
    options,
    loadingCards: cards.isPending,
    chosenCard,
    setCardId,
    pending: create.isPending,
    submit,
  };
}

export type TaskDraft = ReturnType<typeof useTaskDraft>;

/** The draft's Task title and Card fields. */
export function TaskDraftFields({ draft, titleRef }: { draft: TaskDraft; titleRef?: Ref<HTMLInputElement> }) {
  return (
    <>
      <TextField
        ref={titleRef}
        label="Task title"
        autoComplete="off"
        value={draft.title}
        maxLength={taskLimits.titleMaxLength + 20}
        onChange={(event) => draft.setTitle(event.target.value)}
        error={draft.error}
      />
      <SelectField
        label="Card"
        options={
          draft.options.length > 0
            ? draft.options
            : [{ value: '', label: draft.loadingCards ? 'Loading cards…' : 'No cards yet' }]
        }
        value={draft.chosenCard}
        onChange={(event) => draft.setCardId(event.target.value)}
      />
    </>
  );
}
