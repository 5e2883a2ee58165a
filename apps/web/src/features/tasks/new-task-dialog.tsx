import type { FormEvent } from 'react';
import { Button } from '../../ui/button';
import { Dialog } from '../../ui/dialog';
import type { ClientTask } from './api';
import { TaskDraftFields, useTaskDraft } from './task-draft';

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

function NewTaskForm({ projectId, cardId, onCreated, onCancel }: NewTaskFormProps) {
  const draft = useTaskDraft(projectId, cardId);

  async function handleSubmit(event: FormEvent<HTMLFormElement>): Promise<void> {
    event.preventDefault();
    const task = await draft.submit();
    if (task) onCreated(task);
  }

  return (
    <form noValidate onSubmit={handleSubmit} className="flex flex-col gap-4">
      <TaskDraftFields draft={draft} />
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" disabled={draft.pending}>
          Create task
        </Button>
      </div>
    </form>
  );
}
