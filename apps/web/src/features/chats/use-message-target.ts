import { useEffect, useLayoutEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { isId } from '../../lib/ids';
import { toast } from '../../ui/toast';
import type { ClientMessage } from './api';

/** How far back a link to a message is followed: this many pages of older messages (about 1,000 messages). */
const targetPagesMax = 20;
/** How long the message a link pointed at stays marked. */
export const messageHighlightMs = 4000;

export interface MessagePaging {
  messages: readonly ClientMessage[];
  pageCount: number;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  isFetchNextPageError: boolean;
  fetchNextPage(): unknown;
}

/**
 * Follows `?message=` (a search result, a shared link): loads older pages until the message is there, scrolls it
 * into view and marks it for a few seconds, then takes it out of the URL so that opening it again marks it again.
 * Returns the id of the message marked now.
 */
export function useMessageTarget(paging: MessagePaging | null): string | null {
  const [params, setParams] = useSearchParams();
  const param = params.get('message');
  const targetId = param !== null && isId(param) ? param : null;
  const [highlighted, setHighlighted] = useState<string | null>(null);
  const found = targetId !== null && (paging?.messages.some((message) => message.id === targetId) ?? false);
  const { pageCount = 0, hasNextPage = false, isFetchingNextPage = false, isFetchNextPageError = false } = paging ?? {};
  const fetchNextPage = paging?.fetchNextPage;

  useEffect(() => {
    if (targetId === null || found || pageCount === 0 || isFetchingNextPage || isFetchNextPageError) return;
    if (hasNextPage && pageCount < targetPagesMax) {
      void fetchNextPage?.();
      return;
    }
    toast.info('That message is no longer in this chat.');
    setParams(withoutMessage, { replace: true });
  }, [targetId, found, pageCount, hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage, setParams]);

  // Before paint, so the chat never shows itself scrolled elsewhere first.
  useLayoutEffect(() => {
    if (targetId === null || !found) return;
    document.getElementById(messageElementId(targetId))?.scrollIntoView({ block: 'center' });
    setHighlighted(targetId);
    setParams(withoutMessage, { replace: true });
  }, [targetId, found, setParams]);

  useEffect(() => {
    if (highlighted === null) return;
    const timer = window.setTimeout(() => setHighlighted(null), messageHighlightMs);
    return () => window.clearTimeout(timer);
  }, [highlighted]);

  return highlighted;
}

function withoutMessage(current: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams(current);
  next.delete('message');
  return next;
}

/** The id of a message's element in the chat. */
export function messageElementId(messageId: string): string {
  return `message-${messageId}`;
}
