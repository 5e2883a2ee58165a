import { type TaskPriority, taskLimits, taskPriorities, type UpdateTaskInput } from '@deckhand/contract/tasks';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../ui/button';
import { SelectField } from '../../../ui/select-field';
import { Sheet } from '../../../ui/sheet';
import { TextField } from '../../../ui/text-field';
import { toast } from '../../../ui/toast';
import { ActivitySection } from '../../activity/activity-section';
import { cardPath } from '../../cards/paths';
import type { ProjectMember } from '../../projects/api';
import { type ClientBoardTask, type ClientStatus, useDeleteTask, useMoveTask, useUpdateTask } from '../api';
import { fromLocalInput, toLocalInput } from '../due';
import { taskErrorMessage } from '../messages';
import { priorityLabels } from '../task-meta';

export interface TaskDrawerProps {
  projectId: string;
  task: ClientBoardTask | undefined;
  statuses: ClientStatus[];
  members: ProjectMember[];
  canWrite: boolean;
  onClose(): void;
}

const priorityOptions = taskPriorities.map((priority) => ({ value: priority, label: priorityLabels[priority] }));

function isPriority(value: string): value is TaskPriority {
  return taskPriorities.some((priority) => priority === value);
}

/** Every field of a task, edited in a panel beside the board; Save writes them, Delete asks nothing twice. */
export function TaskDrawer({ projectId, task, statuses, members, canWrite, onClose }: TaskDrawerProps) {
  return (
    <Sheet open={task !== undefined} onOpenChange={(open) => !open && onClose()} title={task?.title ?? 'Task'}>
      {task ? (
        <>
          <TaskForm
            key={task.id}
            projectId={projectId}
            task={task}
            statuses={statuses}
            members={members}
            canWrite={canWrite}
            onClose={onClose}
          />
          <div className="border-t border-border p-4">
            <ActivitySection projectId={projectId} filter={{ taskId: task.id }} />
          </div>
        </>
      ) : null}
    </Sheet>
  );
}

type EditedFields = Required<Pick<UpdateTaskInput, 'title' | 'assignee_ids' | 'due_at' | 'priority' | 'labels'>>;

const sameMembers = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((value) => b.includes(value));

/** The fields whose value differs from the task as it was opened. */
function changedFields(opened: ClientBoardTask, edited: EditedFields): UpdateTaskInput {
  return {
    ...(edited.title !== opened.title && { title: edited.title }),
    ...(!sameMembers(edited.assignee_ids, opened.assigneeIds) && { assignee_ids: edited.assignee_ids }),
    ...(edited.due_at !== opened.dueAt && { due_at: edited.due_at }),
    ...(edited.priority !== opened.priority && { priority: edited.priority }),
    ...(edited.labels.join('\n') !== opened.labels.join('\n') && { labels: edited.labels }),
  };
}

function TaskForm({
  projectId,
  task,
  statuses,
  members,
  canWrite,
  onClose,
}: TaskDrawerProps & { task: ClientBoardTask }) {
  const update = useUpdateTask();
  const move = useMoveTask();
  const remove = useDeleteTask();
  // The task as the drawer opened it: Save sends only what was changed here, so a field someone else changed
  // meanwhile (the board follows them live) is not written back.
  const [opened] = useState(task);
  const [title, setTitle] = useState(task.title);
  const [statusId, setStatusId] = useState(task.statusId);
  const [assignees, setAssignees] = useState<string[]>(task.assigneeIds);
  const [due, setDue] = useState(toLocalInput(task.dueAt));
  const [priority, setPriority] = useState<TaskPriority>(task.priority);
  const [labels, setLabels] = useState(task.labels.join(', '));
  const [titleError, setTitleError] = useState<string | null>(null);
  const [labelsError, setLabelsError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function handleSubmit(event: FormEvent<HTMLFormElement>): Promise<void> {
    event.preventDefault();
    setError(null);
    const trimmed = title.trim();
    if (trimmed === '' || trimmed.length > taskLimits.titleMaxLength) {
      return setTitleError(`A task title has 1 to ${taskLimits.titleMaxLength} characters.`);
    }
    const labelList = [
      ...new Set(
        labels
          .split(',')
          .map((label) => label.trim())
          .filter(Boolean),
      ),
    ];
    if (
      labelList.length > taskLimits.labelsMax ||
      labelList.some((label) => label.length > taskLimits.labelMaxLength)
    ) {
      return setLabelsError(
        `At most ${taskLimits.labelsMax} labels of up to ${taskLimits.labelMaxLength} characters each.`,
      );
    }
    const input = changedFields(opened, {
      title: trimmed,
      assignee_ids: assignees,
      due_at: due === toLocalInput(opened.dueAt) ? opened.dueAt : fromLocalInput(due),
      priority,
      labels: labelList,
    });
    try {
      if (Object.keys(input).length > 0) await update.mutateAsync({ taskId: task.id, input });
      if (statusId !== opened.statusId) {
        await move.mutateAsync({ projectId, taskId: task.id, input: { status_id: statusId } });
      }
      toast.success('Task saved');
      onClose();
    } catch (failure) {
      setError(taskErrorMessage(failure, 'The task could not be saved. Please try again.'));
    }
  }

  async function handleDelete(): Promise<void> {
    try {
      await remove.mutateAsync({ id: task.id, projectId, cardId: task.cardId });
      toast.success(`Deleted “${task.title}”`);
      onClose();
    } catch (failure) {
      setError(taskErrorMessage(failure, 'The task could not be deleted. Please try again.'));
    }
  }

  return (
    <form noValidate onSubmit={handleSubmit} className="flex flex-col gap-4 p-4">
      <Link to={cardPath(projectId, task.cardId)} className="text-sm text-primary underline">
        On the card {task.cardTitle}
      </Link>
      <fieldset disabled={!canWrite} className="flex flex-col gap-4">
        <TextField
          label="Title"
          value={title}
          onChange={(event) => {
            setTitle(event.target.value);
            setTitleError(null);
          }}
          error={titleError}
        />
        <SelectField
          label="Status"
          options={statuses.map((status) => ({ value: status.id, label: status.name }))}
          value={statusId}
          onChange={(event) => setStatusId(event.target.value)}
        />
        <fieldset className="flex flex-col gap-1.5">
          <legend className="mb-1.5 text-sm font-medium">Assignees</legend>
          {members.map((member) => (
            <label key={member.userId} className="flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                checked={assignees.includes(member.userId)}
                onChange={(event) =>
                  setAssignees((current) =>
                    event.target.checked ? [...current, member.userId] : current.filter((id) => id !== member.userId),
                  )
                }
                className="size-4 accent-primary"
              />
              {member.name}
            </label>
          ))}
        </fieldset>
        <TextField label="Due" type="datetime-local" value={due} onChange={(event) => setDue(event.target.value)} />
        <SelectField
          label="Priority"
          options={priorityOptions}
          value={priority}
          onChange={(event) => {
            if (isPriority(event.target.value)) setPriority(event.target.value);
          }}
        />
        <TextField
          label="Labels"
          hint="Separated by commas"
          value={labels}
          onChange={(event) => {
            setLabels(event.target.value);
            setLabelsError(null);
          }}
          error={labelsError}
        />
      </fieldset>
      {error ? (
        <p role="alert" className="text-sm text-danger">
          {error}
        </p>
      ) : null}
      {canWrite ? (
        <div className="flex justify-between gap-2">
          <Button variant="danger" onClick={() => void handleDelete()} disabled={remove.isPending}>
            Delete task
          </Button>
          <Button type="submit" disabled={update.isPending || move.isPending}>
            Save
          </Button>
        </div>
      ) : null}
    </form>
  );
}
