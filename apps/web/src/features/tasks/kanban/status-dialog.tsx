import { type StatusCategory, statusCategories, statusLimits } from '@deckhand/contract/statuses';
import { type FormEvent, useState } from 'react';
import { Button } from '../../../ui/button';
import { Dialog } from '../../../ui/dialog';
import { SelectField } from '../../../ui/select-field';
import { TextField } from '../../../ui/text-field';
import type { ClientStatus } from '../api';
import { taskErrorMessage } from '../messages';

export interface StatusFields {
  name: string;
  color: string;
  category: StatusCategory;
  wip_limit: number | null;
}

export interface StatusDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  /** The column edited; none for a new one. */
  status?: ClientStatus;
  onSubmit(fields: StatusFields): Promise<unknown>;
}

export const categoryLabels: Record<StatusCategory, string> = {
  todo: 'To do (not started)',
  in_progress: 'In progress',
  done: 'Done (completes its tasks)',
};

const categoryOptions = statusCategories.map((category) => ({ value: category, label: categoryLabels[category] }));

function isCategory(value: string): value is StatusCategory {
  return statusCategories.some((category) => category === value);
}

/**
 * A column's name, colour, category and work-in-progress limit (a warning, never a refusal). The form is mounted
 * with each opening, so it starts from the column as it is now, not from what was typed or cancelled before.
 */
export function StatusDialog({ open, onOpenChange, status, onSubmit }: StatusDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={status ? `Edit ${status.name}` : 'Add column'}>
      <StatusForm status={status} onSubmit={onSubmit} onClose={() => onOpenChange(false)} />
    </Dialog>
  );
}

interface StatusFormProps {
  status?: ClientStatus;
  onSubmit(fields: StatusFields): Promise<unknown>;
  onClose(): void;
}

function StatusForm({ status, onSubmit, onClose }: StatusFormProps) {
  const [name, setName] = useState(status?.name ?? '');
  const [color, setColor] = useState(status?.color ?? '#64748b');
  const [category, setCategory] = useState<StatusCategory>(status?.category ?? 'in_progress');
  const [wip, setWip] = useState(status?.wipLimit ? String(status.wipLimit) : '');
  const [nameError, setNameError] = useState<string | null>(null);
  const [wipError, setWipError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  async function handleSubmit(event: FormEvent<HTMLFormElement>): Promise<void> {
    event.preventDefault();
    const trimmed = name.trim();
    if (trimmed === '') return setNameError('Please name the column.');
    if (trimmed.length > statusLimits.nameMaxLength) {
      return setNameError(`A column name has at most ${statusLimits.nameMaxLength} characters.`);
    }
    const limit = wip.trim() === '' ? null : Number(wip);
    if (limit !== null && (!Number.isInteger(limit) || limit < 1 || limit > statusLimits.wipLimitMax)) {
      return setWipError(`A WIP limit is a whole number from 1 to ${statusLimits.wipLimitMax}, or empty for none.`);
    }
    setPending(true);
    try {
      await onSubmit({ name: trimmed, color, category, wip_limit: limit });
      onClose();
    } catch (failure) {
      setNameError(taskErrorMessage(failure, 'The column could not be saved. Please try again.'));
    } finally {
      setPending(false);
    }
  }

  return (
    <form noValidate onSubmit={handleSubmit} className="flex flex-col gap-4">
      <TextField
        label="Column name"
        autoComplete="off"
        value={name}
        onChange={(event) => {
          setName(event.target.value);
          setNameError(null);
        }}
        error={nameError}
      />
      <SelectField
        label="Category"
        options={categoryOptions}
        value={category}
        onChange={(event) => {
          if (isCategory(event.target.value)) setCategory(event.target.value);
        }}
      />
      <div className="flex gap-4">
        <TextField
          label="WIP limit"
          hint="Empty: no limit"
          inputMode="numeric"
          value={wip}
          onChange={(event) => {
            setWip(event.target.value);
            setWipError(null);
          }}
          error={wipError}
          className="flex-1"
        />
        <TextField
          label="Colour"
          type="color"
          value={color}
          onChange={(event) => setColor(event.target.value)}
          className="w-24"
        />
      </div>
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onClose}>
          Cancel
        </Button>
        <Button type="submit" disabled={pending}>
          {status ? 'Save column' : 'Add column'}
        </Button>
      </div>
    </form>
  );
}
