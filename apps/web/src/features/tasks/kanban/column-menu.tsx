import { useState } from 'react';
import { Button } from '../../../ui/button';
import { Dialog } from '../../../ui/dialog';
import { IconButton } from '../../../ui/icon-button';
import { Menu } from '../../../ui/menu';
import { MenuItem } from '../../../ui/menu-item';
import { SelectField } from '../../../ui/select-field';
import { toast } from '../../../ui/toast';
import { type ClientStatus, useDeleteStatus, useUpdateStatus } from '../api';
import { taskErrorMessage } from '../messages';
import { StatusDialog } from './status-dialog';

export interface ColumnMenuProps {
  projectId: string;
  status: ClientStatus;
  statuses: ClientStatus[];
  /** Tasks in the column, filters aside. */
  total: number;
}

/** For admins: edit the column, move it left or right, delete it (choosing where its tasks go). */
export function ColumnMenu({ projectId, status, statuses, total }: ColumnMenuProps) {
  const update = useUpdateStatus(projectId);
  const remove = useDeleteStatus(projectId);
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [moveTo, setMoveTo] = useState('');
  const index = statuses.findIndex((item) => item.id === status.id);
  const others = statuses.filter((item) => item.id !== status.id);
  // The column picked, while it still exists; else the first other one.
  const target = others.find((item) => item.id === moveTo) ?? others[0];

  function reorder(afterId: string | null): void {
    update.mutate(
      { statusId: status.id, input: { after_id: afterId } },
      { onError: (failure) => toast.error(taskErrorMessage(failure)) },
    );
  }

  async function handleDelete(): Promise<void> {
    try {
      // Always said: the board leaves out archived cards, whose tasks may still be in the column.
      await remove.mutateAsync({ statusId: status.id, moveTo: target?.id });
      setDeleting(false);
      toast.success(`Deleted ${status.name}`);
    } catch (failure) {
      toast.error(taskErrorMessage(failure, 'The column could not be deleted. Please try again.'));
    }
  }

  return (
    <>
      <Menu
        trigger={
          <IconButton label={`Column actions for ${status.name}`} className="size-7">
            <svg aria-hidden="true" viewBox="0 0 16 16" className="size-4" fill="currentColor">
              <circle cx="3" cy="8" r="1.5" />
              <circle cx="8" cy="8" r="1.5" />
              <circle cx="13" cy="8" r="1.5" />
            </svg>
          </IconButton>
        }
      >
        <MenuItem onSelect={() => setEditing(true)}>Edit column</MenuItem>
        {index > 0 ? (
          <MenuItem onSelect={() => reorder(index > 1 ? (statuses[index - 2]?.id ?? null) : null)}>Move left</MenuItem>
        ) : null}
        {index < statuses.length - 1 ? (
          <MenuItem onSelect={() => reorder(statuses[index + 1]?.id ?? null)}>Move right</MenuItem>
        ) : null}
        {others.length > 0 ? <MenuItem onSelect={() => setDeleting(true)}>Delete column</MenuItem> : null}
      </Menu>
      <StatusDialog
        open={editing}
        onOpenChange={setEditing}
        status={status}
        onSubmit={(fields) => update.mutateAsync({ statusId: status.id, input: fields })}
      />
      <Dialog open={deleting} onOpenChange={setDeleting} title={`Delete ${status.name}?`}>
        <div className="flex flex-col gap-4">
          {total > 0 ? (
            <SelectField
              label={`Move its ${total === 1 ? 'task' : `${total} tasks`} to`}
              options={others.map((item) => ({ value: item.id, label: item.name }))}
              value={target?.id ?? ''}
              onChange={(event) => setMoveTo(event.target.value)}
            />
          ) : (
            <p>
              The column is empty. Tasks of archived cards in it, if any, go to {target?.name}. Deleting it cannot be
              undone.
            </p>
          )}
          <div className="flex justify-end gap-2">
            <Button variant="secondary" onClick={() => setDeleting(false)}>
              Cancel
            </Button>
            <Button variant="danger" onClick={() => void handleDelete()} disabled={remove.isPending}>
              Delete column
            </Button>
          </div>
        </div>
      </Dialog>
    </>
  );
}
