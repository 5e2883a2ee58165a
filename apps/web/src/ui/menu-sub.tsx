import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { type ReactNode, useRef, useState } from 'react';

export interface MenuSubProps {
  /** The item that opens the submenu (→ or Enter opens it, ← closes it). */
  label: string;
  children: ReactNode;
}

const besideOffsetPx = 4;
/** The submenu's least width (`min-w-44`), which must fit beside the menu. */
const submenuWidthPx = 176;

/**
 * Where the submenu goes: beside the item that opens it when it fits on either side, and over it otherwise (on a
 * phone a menu near the middle of the screen leaves room on neither side, and Radix would push half of it off).
 */
function sideOffsetFor(trigger: HTMLElement | null): number {
  if (!trigger) return besideOffsetPx;
  const rect = trigger.getBoundingClientRect();
  const room = Math.max(document.documentElement.clientWidth - rect.right, rect.left);
  return room >= submenuWidthPx + besideOffsetPx ? besideOffsetPx : -rect.width;
}

/** A submenu inside a Menu, e.g. "Move to" with one item per destination. Items are MenuItem. */
export function MenuSub({ label, children }: MenuSubProps) {
  const trigger = useRef<HTMLDivElement>(null);
  const [sideOffset, setSideOffset] = useState(besideOffsetPx);
  return (
    <DropdownMenu.Sub onOpenChange={(open) => open && setSideOffset(sideOffsetFor(trigger.current))}>
      <DropdownMenu.SubTrigger
        ref={trigger}
        className="flex min-h-9 cursor-pointer items-center justify-between gap-2 rounded px-3 text-sm outline-none select-none data-highlighted:bg-primary-soft data-[state=open]:bg-primary-soft"
      >
        {label}
        <span aria-hidden="true">›</span>
      </DropdownMenu.SubTrigger>
      <DropdownMenu.Portal>
        <DropdownMenu.SubContent
          sideOffset={sideOffset}
          className="z-50 max-h-80 min-w-44 overflow-y-auto rounded-md border border-border bg-bg p-1 text-fg shadow-lg"
        >
          {children}
        </DropdownMenu.SubContent>
      </DropdownMenu.Portal>
    </DropdownMenu.Sub>
  );
}
