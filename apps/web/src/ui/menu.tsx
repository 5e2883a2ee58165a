import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import type { ReactNode } from 'react';

export interface MenuProps {
  /** The button that opens the menu (rendered as the trigger itself, so give it an accessible name). */
  trigger: ReactNode;
  children: ReactNode;
  align?: 'start' | 'end';
}

/** A dropdown menu operable with the keyboard (arrows, Enter, Escape), via Radix. Items are MenuItem. */
export function Menu({ trigger, children, align = 'end' }: MenuProps) {
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger asChild>{trigger}</DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align={align}
          sideOffset={6}
          className="z-50 min-w-44 rounded-md border border-border bg-bg p-1 text-fg shadow-lg"
        >
          {children}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
