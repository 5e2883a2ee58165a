import type { ReactNode, RefObject } from 'react';
import { Button } from './button';
import { Dialog } from './dialog';

export interface ConfirmDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  onConfirm(): void;
  pending?: boolean;
  /** Extra condition for the confirm button, e.g. the project name typed out. */
  canConfirm?: boolean;
  /** Where focus goes when the dialog closes, if that element exists then; by default, the button that opened it. */
  returnFocusTo?: RefObject<HTMLElement | null>;
}

/** Asks before something that cannot be undone; the confirm button is the dangerous one. */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  children,
  confirmLabel,
  onConfirm,
  pending = false,
  canConfirm = true,
  returnFocusTo,
}: ConfirmDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={title} returnFocusTo={returnFocusTo}>
      <div className="flex flex-col gap-4">
        {children}
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button variant="danger" onClick={onConfirm} disabled={pending || !canConfirm}>
            {confirmLabel}
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
