import { useEffect } from 'react';
import type { ClientChat } from './api';

/**
 * Marks the open chat read whenever it has unread messages while the page is visible, and again when the tab
 * comes back into view: what the reader has on screen is what counts as read.
 */
export function useMarkReadWhileOpen(chat: ClientChat | undefined, markRead: () => void): void {
  const chatId = chat?.id;
  const unread = chat?.unreadCount ?? 0;
  useEffect(() => {
    if (!chatId || unread === 0) return;
    if (document.visibilityState === 'visible') markRead();
    function handleVisibility(): void {
      if (document.visibilityState === 'visible') markRead();
    }
    document.addEventListener('visibilitychange', handleVisibility);
    return () => document.removeEventListener('visibilitychange', handleVisibility);
  }, [chatId, unread, markRead]);
}
