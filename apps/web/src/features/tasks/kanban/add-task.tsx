import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Button } from '../../../ui/button';
import { TaskDraftFields, useTaskDraft } from '../task-draft';

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
  const draft = useTaskDraft(projectId);
  const titleField = useRef<HTMLInputElement>(null);
  useEffect(() => titleField.current?.focus(), []);

  async function handleSubmit(event: FormEvent<HTMLFormElement>): Promise<void> {
    event.preventDefault();
    // The form stays open for the next task.
    await draft.submit({ status_id: statusId });
  }

  return (
    <form
      noValidate
      onSubmit={handleSubmit}
      onKeyDown={(event) => {
        if (event.key === 'Escape') onDone();
      }}
      className="flex flex-col gap-2"
    >
      <TaskDraftFields draft={draft} titleRef={titleField} />
      <div className="flex gap-2">
        <Button type="submit" size="sm" disabled={draft.pending}>
          Add task
        </Button>
        <Button size="sm" variant="secondary" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
