import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../ui/button';
import { DotsLoader } from '../../ui/dots-loader';
import { RetryPanel } from '../../ui/retry-panel';
import { cardPath } from '../cards/paths';
import { projectMembersQuery } from '../projects/api';
import { chatListQuery, useCreateChat, useMarkChatRead } from './api';
import { ChatMenu } from './chat-menu';
import { ChatNameDialog } from './chat-name-dialog';
import { ChatTabs } from './chat-tabs';
import { Composer, type MentionMember } from './composer';
import { MessageList } from './message-list';
import { useMarkReadWhileOpen } from './use-mark-read';

export interface ChatsPanelProps {
  projectId: string;
  cardId: string;
  /** From the URL; none: the card's first chat. */
  chatId: string | undefined;
  myUserId: string;
  canWrite: boolean;
}

/** The card's chats as tabs, the open chat's messages and the composer. The open chat lives in the URL. */
export function ChatsPanel({ projectId, cardId, chatId, myUserId, canWrite }: ChatsPanelProps) {
  const chats = useQuery(chatListQuery(cardId));
  const members = useQuery(projectMembersQuery(projectId));
  const navigate = useNavigate();
  const create = useCreateChat(cardId);
  const [creating, setCreating] = useState(false);
  const baseId = useId();
  const panelId = `${baseId}-panel`;
  const tabId = (id: string) => `${baseId}-tab-${id}`;

  const list = chats.data ?? [];
  const selected = list.find((chat) => chat.id === chatId) ?? list[0];
  const chatGone = chats.data !== undefined && chatId !== undefined && selected?.id !== chatId;

  // A chat in the URL that is not (or no longer) there: show the card's first chat instead.
  useEffect(() => {
    if (chatGone) void navigate(cardPath(projectId, cardId), { replace: true });
  }, [chatGone, navigate, projectId, cardId]);

  const markRead = useMarkChatRead({ id: selected?.id ?? '', cardId });
  useMarkReadWhileOpen(selected, markRead.mutate);

  const mentionable = useMemo<MentionMember[]>(
    () =>
      (members.data?.members ?? [])
        .filter((member) => member.userId !== myUserId)
        .map((member) => ({
          userId: member.userId,
          name: member.name,
          color: member.color,
          avatarUrl: member.avatarUrl,
        })),
    [members.data, myUserId],
  );

  function select(id: string): void {
    void navigate(cardPath(projectId, cardId, id));
  }

  if (chats.data === undefined) {
    return chats.isError ? (
      <RetryPanel
        message="The chats could not be loaded."
        onRetry={() => chats.refetch()}
        retrying={chats.isRefetching}
      />
    ) : (
      <DotsLoader label="Loading chats" className="py-16" />
    );
  }

  return (
    <div className="flex h-[70dvh] min-h-96 flex-col overflow-hidden rounded-xl border border-border lg:sticky lg:top-4 lg:h-[calc(100dvh-2rem)]">
      <div className="flex items-center gap-2 border-b border-border p-2">
        <ChatTabs chats={list} selectedId={selected?.id ?? ''} onSelect={select} tabId={tabId} panelId={panelId} />
        {selected ? (
          <ChatMenu chat={selected} isLast={list.length === 1} onDeleted={() => select(list[0]?.id ?? '')} />
        ) : null}
        {canWrite ? (
          <Button size="sm" variant="secondary" onClick={() => setCreating(true)}>
            New chat
          </Button>
        ) : null}
      </div>
      {selected ? (
        <div id={panelId} role="tabpanel" aria-labelledby={tabId(selected.id)} className="flex min-h-0 flex-1 flex-col">
          <MessageList
            key={selected.id}
            chatId={selected.id}
            chatName={selected.name}
            myUserId={myUserId}
            canWrite={canWrite}
          />
          {canWrite ? (
            <Composer
              key={selected.id}
              projectId={projectId}
              chatId={selected.id}
              chatName={selected.name}
              members={mentionable}
            />
          ) : null}
        </div>
      ) : null}
      <ChatNameDialog
        open={creating}
        onOpenChange={setCreating}
        title="New chat"
        submitLabel="Create chat"
        onSubmit={async (name) => {
          const chat = await create.mutateAsync({ name });
          select(chat.id);
        }}
      />
    </div>
  );
}
