import { type KeyboardEvent, useRef } from 'react';
import type { ClientChat } from './api';

export interface ChatTabsProps {
  chats: ClientChat[];
  selectedId: string;
  onSelect(chatId: string): void;
  /** `id` of the tab of `chatId`, for the panel's aria-labelledby. */
  tabId(chatId: string): string;
  panelId: string;
}

/** One tab per chat with its unread count; arrows, Home and End move between them (ARIA tabs, roving focus). */
export function ChatTabs({ chats, selectedId, onSelect, tabId, panelId }: ChatTabsProps) {
  const list = useRef<HTMLDivElement>(null);

  function handleKeyDown(event: KeyboardEvent<HTMLDivElement>): void {
    const index = chats.findIndex((chat) => chat.id === selectedId);
    const targets: Record<string, number> = {
      ArrowRight: index + 1,
      ArrowLeft: index - 1,
      Home: 0,
      End: chats.length - 1,
    };
    const target = targets[event.key];
    if (target === undefined) return;
    event.preventDefault();
    const next = chats[(target + chats.length) % chats.length];
    if (!next) return;
    onSelect(next.id);
    list.current?.querySelector<HTMLElement>(`#${CSS.escape(tabId(next.id))}`)?.focus();
  }

  return (
    <div
      ref={list}
      role="tablist"
      aria-label="Chats"
      onKeyDown={handleKeyDown}
      className="flex min-w-0 flex-1 gap-1 overflow-x-auto"
    >
      {chats.map((chat) => {
        const selected = chat.id === selectedId;
        return (
          <button
            key={chat.id}
            id={tabId(chat.id)}
            type="button"
            role="tab"
            aria-selected={selected}
            aria-controls={selected ? panelId : undefined}
            tabIndex={selected ? 0 : -1}
            onClick={() => onSelect(chat.id)}
            className="inline-flex min-h-9 shrink-0 items-center gap-1.5 rounded-md px-3 text-sm font-medium text-muted hover:bg-surface-strong hover:text-fg aria-selected:bg-primary-soft aria-selected:text-fg focus-visible:outline-2 focus-visible:outline-ring"
          >
            <span className="max-w-40 truncate">{chat.name}</span>
            {chat.unreadCount > 0 ? (
              <span className="rounded-full bg-primary px-1.5 text-xs text-primary-fg">
                {chat.unreadCount > 99 ? '99+' : chat.unreadCount}
                <span className="sr-only"> unread</span>
              </span>
            ) : null}
          </button>
        );
      })}
    </div>
  );
}
