import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import type { ReactNode } from 'react';

export interface MenuSubProps {
  /** The item that opens the submenu (→ or Enter opens it, ← closes it). */
  label: string;
  children: ReactNode;
}

/** A submenu inside a Menu, e.g. "Move to" with one item per destination. Items are MenuItem. */
export function MenuSub({ label, children }: MenuSubProps) {
  return (
    <DropdownMenu.Sub>
      <DropdownMenu.SubTrigger className="flex min-h-9 cursor-pointer items-center justify-between gap-2 rounded px-3 text-sm outline-none select-none data-highlighted:bg-primary-soft data-[state=open]:bg-primary-soft">
        {label}
        <span aria-hidden="true">›</span>
      </DropdownMenu.SubTrigger>
      <DropdownMenu.Portal>
        <DropdownMenu.SubContent
          sideOffset={4}
          className="z-50 max-h-80 min-w-44 overflow-y-auto rounded-md border border-border bg-bg p-1 text-fg shadow-lg"
        >
          {children}
        </DropdownMenu.SubContent>
      </DropdownMenu.Portal>
    </DropdownMenu.Sub>
  );
}
