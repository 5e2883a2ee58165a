import { taskLimits } from '@deckhand/contract/tasks';
import { useQuery } from '@tanstack/react-query';
import { type KeyboardEvent, useRef, useState } from 'react';
import { useNow } from '../../lib/use-now';
import { DotsLoader } from '../../ui/dots-loader';
import { RetryPanel } from '../../ui/retry-panel';
import { toast } from '../../ui/toast';
import { type ClientTask, cardTasksQuery, useCreateTask, useUpdateTask } from './api';
import { taskErrorMessage } from './messages';
import { AssigneeAvatars, DueBadge } from './task-meta';
import { useMembersById } from './use-members';

export interface CardTasksProps {
  projectId: string;
  cardId: string;
  canWrite: boolean;
}

/** The card's tasks: tick one to complete it (untick to reopen), type in New task and press Enter to add one. */
export function CardTasks({ projectId, cardId, canWrite }: CardTasksProps) {
  const tasks = useQuery(cardTasksQuery(cardId));
  const members = useMembersById(projectId);
  const create = useCreateTask(cardId);
  const update = useUpdateTask();
  const [title, setTitle] = useState('');
  const [error, setError] = useState<string | null>(null);
  const adding = useRef(false);
  /** Ticks shown at once, before the server has answered (undone if it refuses). */
  const [pending, setPending] = useState<ReadonlyMap<string, boolean>>(new Map());
  const now = useNow();

  async function add(): Promise<void> {
    const trimmed = title.trim();
    // A second Enter before the first task is in would add it twice.
    if (trimmed === '' || adding.current) return;
    if (trimmed.length > taskLimits.titleMaxLength) {
      setError(`A task title has at most ${taskLimits.titleMaxLength} characters.`);
      return;
    }
    adding.current = true;
    try {
      await create.mutateAsync({ title: trimmed });
      setTitle('');
      setError(null);
    } catch (failure) {
      setError(taskErrorMessage(failure, 'The task could not be added. Please try again.'));
    } finally {
      adding.current = false;
    }
  }

  function handleKeyDown(event: KeyboardEvent<HTMLInputElement>): void {
    if (event.key !== 'Enter' || event.nativeEvent.isComposing) return;
    event.preventDefault();
    void add();
  }

  function toggle(task: ClientTask, done: boolean): void {
    setPending((current) => new Map(current).set(task.id, done));
    update.mutate(
      { taskId: task.id, input: { done } },
      {
        onError: (failure) => toast.error(taskErrorMessage(failure, 'The task could not be changed.')),
        onSettled: () =>
          setPending((current) => {
            const next = new Map(current);
            next.delete(task.id);
            return next;
          }),
      },
    );
  }

  return (
    <section aria-labelledby={`tasks-${cardId}`} className="flex flex-col gap-2">
      <h3 id={`tasks-${cardId}`} className="text-base font-semibold">
        Tasks
      </h3>
      {tasks.data === undefined ? (
        tasks.isError ? (
          <RetryPanel message="The tasks could not be loaded." onRetry={() => tasks.refetch()} />
        ) : (
          <DotsLoader label="Loading tasks" className="py-4" />
        )
      ) : tasks.data.length === 0 ? (
        <p className="text-sm text-muted">No tasks yet.{canWrite ? ' Add the first one below.' : ''}</p>
      ) : (
        <ul className="flex flex-col divide-y divide-border rounded-lg border border-border">
          {tasks.data.map((task) => (
            <li key={task.id} className="flex items-center gap-3 px-3 py-2">
              <label className="flex min-w-0 flex-1 items-center gap-2">
                <input
                  type="checkbox"
                  checked={pending.get(task.id) ?? task.doneAt !== null}
                  disabled={!canWrite}
                  onChange={(event) => toggle(task, event.target.checked)}
                  className="size-4 shrink-0 accent-primary"
                />
                <span className={`min-w-0 break-words ${task.doneAt ? 'text-muted line-through' : ''}`}>
                  {task.title}
                </span>
              </label>
              <AssigneeAvatars ids={task.assigneeIds} members={members} />
              <DueBadge dueAt={task.dueAt} doneAt={task.doneAt} now={now} />
            </li>
          ))}
        </ul>
      )}
      {canWrite ? (
        <div className="flex flex-col gap-1">
          <input
            aria-label="New task"
            placeholder="New task… (Enter adds it)"
            value={title}
            maxLength={taskLimits.titleMaxLength + 20}
            aria-invalid={error ? true : undefined}
            onChange={(event) => {
              setTitle(event.target.value);
              setError(null);
            }}
            onKeyDown={handleKeyDown}
            className="min-h-10 rounded-md border border-border bg-bg px-3 text-base text-fg placeholder:text-muted focus-visible:border-ring focus-visible:outline-2 focus-visible:outline-ring aria-invalid:border-danger"
          />
          {error ? (
            <p role="alert" className="text-sm text-danger">
              {error}
            </p>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}
