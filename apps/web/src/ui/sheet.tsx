import * as RadixDialog from '@radix-ui/react-dialog';
import { type ReactNode, useRef } from 'react';

export interface SheetProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  /**
   * The button that opens the sheet; focus returns to it when the sheet closes. Give it an accessible name. Leave
   * it out for a sheet opened from elsewhere (a list item), which then restores focus to whatever had it.
   */
  trigger?: ReactNode;
  /** Visible heading; also the sheet's accessible name. */
  title: string;
  /** A line under the title, e.g. a count; linked as the sheet's description. */
  description?: ReactNode;
  /** Controls beside the title, e.g. a bulk action. */
  actions?: ReactNode;
  children: ReactNode;
}

/** A modal panel along the right edge (full width on phones): focus trapped and restored, Escape closes it. */
export function Sheet({ open, onOpenChange, trigger, title, description, actions, children }: SheetProps) {
  const content = useRef<HTMLDivElement>(null);

  function handleOpenAutoFocus(event: Event): void {
    // The panel itself takes focus, so it is announced by name and a key press cannot hit a bulk action by accident.
    event.preventDefault();
    content.current?.focus();
  }

  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      {trigger ? <RadixDialog.Trigger asChild>{trigger}</RadixDialog.Trigger> : null}
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-40 bg-overlay" />
        <RadixDialog.Content
          ref={content}
          {...(description ? {} : { 'aria-describedby': undefined })}
          onOpenAutoFocus={handleOpenAutoFocus}
          className="fixed inset-y-0 right-0 z-50 flex w-full max-w-md flex-col border-l border-border bg-bg text-fg shadow-xl outline-none"
        >
          <div className="flex items-start gap-3 border-b border-border px-4 py-3">
            <div className="min-w-0 flex-1">
              <RadixDialog.Title className="text-lg font-semibold">{title}</RadixDialog.Title>
              {description ? (
                <RadixDialog.Description className="text-sm text-muted">{description}</RadixDialog.Description>
              ) : null}
            </div>
            {actions}
            <RadixDialog.Close
              aria-label="Close"
              className="inline-flex size-9 shrink-0 items-center justify-center rounded-md text-muted hover:bg-surface-strong hover:text-fg"
            >
              <svg aria-hidden="true" viewBox="0 0 16 16" className="size-4" fill="none" stroke="currentColor">
                <path d="M3.5 3.5l9 9m0-9l-9 9" strokeWidth="1.75" strokeLinecap="round" />
              </svg>
            </RadixDialog.Close>
          </div>
          <div className="min-h-0 flex-1 overflow-y-auto">{children}</div>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
