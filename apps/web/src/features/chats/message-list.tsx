import { useInfiniteQuery } from '@tanstack/react-query';
import { useEffect, useLayoutEffect, useRef } from 'react';
import { useNow } from '../../lib/use-now';
import { Button } from '../../ui/button';
import { DotsLoader } from '../../ui/dots-loader';
import { RetryPanel } from '../../ui/retry-panel';
import { messageListQuery } from './api';
import { MessageItem } from './message-item';
import { useMessageTarget } from './use-message-target';

export interface MessageListProps {
  chatId: string;
  chatName: string;
  myUserId: string;
  canWrite: boolean;
}

/** How close to the bottom (px) still counts as "at the bottom": new messages then scroll into view. */
const stickyDistancePx = 80;

/**
 * The chat's messages, oldest at the top. It opens at the newest, follows new ones while the reader is at the
 * bottom (or wrote them), and loads older pages as the reader scrolls up without moving what they are reading.
 * `?message=` scrolls to that message and marks it.
 */
export function MessageList({ chatId, chatName, myUserId, canWrite }: MessageListProps) {
  const list = useInfiniteQuery(messageListQuery(chatId));
  const now = useNow();
  const scroller = useRef<HTMLDivElement>(null);
  const top = useRef<HTMLDivElement>(null);
  const atBottom = useRef(true);
  /** Distance from the bottom before older messages were added above. */
  const anchor = useRef<number | null>(null);
  const messages = list.data ? [...list.data.pages].reverse().flat() : [];
  const lastId = messages.at(-1)?.id;
  const lastIsMine = messages.at(-1)?.author.userId === myUserId;
  const firstId = messages[0]?.id;

  // Older messages arrived above: keep the reader's place.
  useLayoutEffect(() => {
    const element = scroller.current;
    if (!element || anchor.current === null || firstId === undefined) return;
    element.scrollTop = element.scrollHeight - anchor.current;
    anchor.current = null;
  }, [firstId]);

  // A newer message arrived below (or the chat opened): follow it if the reader was at the bottom or wrote it.
  useLayoutEffect(() => {
    const element = scroller.current;
    if (!element || lastId === undefined) return;
    if (atBottom.current || lastIsMine) element.scrollTop = element.scrollHeight;
  }, [lastId, lastIsMine]);

  const { hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } = list;
  useEffect(() => {
    const element = top.current;
    const root = scroller.current;
    if (!element || !root || !hasNextPage || isFetchingNextPage || isFetchNextPageError) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        anchor.current = root.scrollHeight - root.scrollTop;
        void fetchNextPage();
      },
      { root, rootMargin: '200px 0px 0px 0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage]);

  // After the effects above: the message a link points at wins over following the newest.
  const highlightedId = useMessageTarget(
    list.data
      ? {
          messages,
          pageCount: list.data.pages.length,
          hasNextPage,
          isFetchingNextPage,
          isFetchNextPageError,
          fetchNextPage,
        }
      : null,
  );

  if (list.data === undefined) {
    return list.isError ? (
      <div className="p-4">
        <RetryPanel
          message="The messages could not be loaded."
          onRetry={() => list.refetch()}
          retrying={list.isRefetching}
        />
      </div>
    ) : (
      <DotsLoader label="Loading messages" className="flex-1 py-16" />
    );
  }

  return (
    <div
      ref={scroller}
      onScroll={(event) => {
        const element = event.currentTarget;
        atBottom.current = element.scrollHeight - element.scrollTop - element.clientHeight < stickyDistancePx;
      }}
      className="min-h-0 flex-1 overflow-y-auto py-2"
    >
      {hasNextPage ? (
        <div ref={top} className="flex justify-center p-2">
          <Button
            size="sm"
            variant="secondary"
            disabled={isFetchingNextPage}
            onClick={() => {
              const root = scroller.current;
              if (root) anchor.current = root.scrollHeight - root.scrollTop;
              void fetchNextPage();
            }}
          >
            {isFetchingNextPage ? 'Loading…' : isFetchNextPageError ? 'Try again' : 'Load older messages'}
          </Button>
        </div>
      ) : null}
      {messages.length === 0 ? (
        <p className="px-4 py-12 text-center text-muted">
          No messages in {chatName} yet.{canWrite ? ' Start the conversation below.' : ''}
        </p>
      ) : (
        <div role="log" aria-label={`Messages in ${chatName}`}>
          {messages.map((message) => (
            <MessageItem
              key={message.id}
              message={message}
              myUserId={myUserId}
              canWrite={canWrite}
              now={now}
              highlighted={message.id === highlightedId}
            />
          ))}
        </div>
      )}
    </div>
  );
}
