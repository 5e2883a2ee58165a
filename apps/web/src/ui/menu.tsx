import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { type PointerEvent, type ReactNode, useRef, useState } from 'react';

export interface MenuProps {
  /** The button that opens the menu (rendered as the trigger itself, so give it an accessible name). */
  trigger: ReactNode;
  children: ReactNode;
  align?: 'start' | 'end';
}

/**
 * A dropdown menu operable with the keyboard (arrows, Enter, Escape), via Radix. Items are MenuItem.
 *
 * Radix opens it as a pointer goes down on the button. For a mouse that is what people expect, but a finger that
 * lands on the button may be starting to scroll (the board's columns sideways, a list down): the menu then opened
 * under a scrolling page. For touch and pen it opens on the tap instead (the click, which a scroll never makes), as a
 * native button does.
 */
export function Menu({ trigger, children, align = 'end' }: MenuProps) {
  const [open, setOpen] = useState(false);
  /** Whether the menu was open when a touch or pen went down on the button; null for a mouse, or no press. */
  const openAtTouch = useRef<boolean | null>(null);

  function handlePointerDown(event: PointerEvent<HTMLElement>): void {
    openAtTouch.current = event.pointerType === 'mouse' ? null : open;
    // Stops Radix's own handler, which would open the menu now.
    if (openAtTouch.current !== null) event.preventDefault();
  }

  function handleClick(): void {
    // A click that no touch or pen began (the mouse, which Radix has handled, or the keyboard) changes nothing here.
    if (openAtTouch.current === null) return;
    // A tap on the button of an open menu closes it: the press outside the menu may have closed it already.
    setOpen(!openAtTouch.current);
    openAtTouch.current = null;
  }

  return (
    <DropdownMenu.Root modal={false} open={open} onOpenChange={setOpen}>
      <DropdownMenu.Trigger
        asChild
        onPointerDown={handlePointerDown}
        // A scroll the finger began there: no tap follows.
        onPointerCancel={() => {
          openAtTouch.current = null;
        }}
        onClick={handleClick}
      >
        {trigger}
      </DropdownMenu.Trigger>
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
