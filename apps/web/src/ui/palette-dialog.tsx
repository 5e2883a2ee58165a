import * as RadixDialog from '@radix-ui/react-dialog';
import { type ReactNode, useRef } from 'react';

export interface PaletteDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  /** The dialog's accessible name; not shown, since the field inside says what it is for. */
  title: string;
  /** Runs once the dialog has closed and given focus back, e.g. to open what was chosen in it. */
  onClosed?: () => void;
  children: ReactNode;
}

/**
 * A command palette's modal: near the top of the screen, no heading or Close button (Escape closes it), focus
 * trapped and given back. Content is marked `data-palette` so that the shortcut that opens it can also close it.
 */
export function PaletteDialog({ open, onOpenChange, title, onClosed, children }: PaletteDialogProps) {
  const returnTo = useRef<Element | null>(null);

  function handleOpenAutoFocus(): void {
    // Radix has not moved focus yet: this is what had it, and gets it back.
    returnTo.current = document.activeElement;
  }

  function handleCloseAutoFocus(event: Event): void {
    // Radix would focus a Dialog.Trigger, and a palette opened by its shortcut has none.
    event.preventDefault();
    const target = returnTo.current;
    returnTo.current = null;
    if (target instanceof HTMLElement && target.isConnected) target.focus();
    // Whatever opens next (a dialog an action opens) starts from there.
    if (onClosed) window.setTimeout(onClosed, 0);
  }

  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-40 bg-overlay" />
        <RadixDialog.Content
          data-palette=""
          aria-describedby={undefined}
          onOpenAutoFocus={handleOpenAutoFocus}
          onCloseAutoFocus={handleCloseAutoFocus}
          className="fixed top-[10dvh] left-1/2 z-50 flex max-h-[80dvh] w-[min(42rem,calc(100vw-2rem))] -translate-x-1/2 flex-col overflow-hidden rounded-lg border border-border bg-bg text-fg shadow-xl"
        >
          <RadixDialog.Title className="sr-only">{title}</RadixDialog.Title>
          {children}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
