import * as RadixDialog from '@radix-ui/react-dialog';
import type { ReactNode, RefObject } from 'react';

export interface DialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  /** Visible heading; also the dialog's accessible name. */
  title: string;
  description?: string;
  /** Where focus goes when the dialog closes; by default, the element that had it when the dialog opened. */
  returnFocusTo?: RefObject<HTMLElement | null>;
  /** `wide` for what needs the room, like an image preview. */
  size?: 'default' | 'wide';
  children: ReactNode;
}

/** A modal dialog: focus trapped and restored, Escape and the Close button dismiss it. */
export function Dialog({
  open,
  onOpenChange,
  title,
  description,
  returnFocusTo,
  size = 'default',
  children,
}: DialogProps) {
  function handleCloseAutoFocus(event: Event): void {
    const target = returnFocusTo?.current;
    if (!target) return;
    event.preventDefault();
    target.focus();
  }

  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-40 bg-overlay" />
        <RadixDialog.Content
          // Radix links its Description itself; without one it wants an explicit undefined instead.
          {...(description ? {} : { 'aria-describedby': undefined })}
          onCloseAutoFocus={handleCloseAutoFocus}
          className={`fixed top-1/2 left-1/2 z-50 max-h-[90dvh] ${size === 'wide' ? 'w-[min(64rem,calc(100vw-2rem))]' : 'w-[min(32rem,calc(100vw-2rem))]'} -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-lg border border-border bg-bg p-6 text-fg shadow-xl`}
        >
          <div className="mb-4 pr-10">
            <RadixDialog.Title className="text-lg font-semibold">{title}</RadixDialog.Title>
            {description ? (
              <RadixDialog.Description className="mt-1 text-sm text-muted">{description}</RadixDialog.Description>
            ) : null}
          </div>
          {children}
          {/* Last in the DOM so that opening the dialog focuses its first field, not this button. */}
          <RadixDialog.Close
            aria-label="Close"
            className="absolute top-5 right-5 inline-flex size-8 items-center justify-center rounded-md text-muted hover:bg-surface-strong hover:text-fg"
          >
            <svg aria-hidden="true" viewBox="0 0 16 16" className="size-4" fill="none" stroke="currentColor">
              <path d="M3.5 3.5l9 9m0-9l-9 9" strokeWidth="1.75" strokeLinecap="round" />
            </svg>
          </RadixDialog.Close>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
