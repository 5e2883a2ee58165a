import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import type { ReactNode } from 'react';

export interface MenuItemProps {
  onSelect(): void;
  children: ReactNode;
}

export function MenuItem({ onSelect, children }: MenuItemProps) {
  return (
    <DropdownMenu.Item
      onSelect={onSelect}
      className="flex min-h-9 cursor-pointer items-center gap-2 rounded px-3 text-sm outline-none select-none data-highlighted:bg-primary-soft data-highlighted:text-fg"
    >
      {children}
    </DropdownMenu.Item>
  );
}
