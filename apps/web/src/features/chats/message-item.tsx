import { messageLimits } from '@deckhand/contract/messages';
import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { formatExactTime, formatRelativeTime } from '../../lib/relative-time';
import { Avatar } from '../../ui/avatar';
import { Button } from '../../ui/button';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { IconButton } from '../../ui/icon-button';
import { Menu } from '../../ui/menu';
import { MenuItem } from '../../ui/menu-item';
import { toast } from '../../ui/toast';
import { cardErrorMessage } from '../cards/messages';
import { MessageFiles } from '../files/message-files';
import { type ClientMessage, useDeleteMessage, useEditMessage, useReaction } from './api';
import { MessageText } from './message-text';
import { Reactions } from './reactions';
import { messageElementId } from './use-message-target';

export interface MessageItemProps {
  message: ClientMessage;
  myUserId: string;
  canWrite: boolean;
  now: number;
  /** The message a link pointed at: marked for a few seconds. */
  highlighted?: boolean;
}

/** One message: who wrote it and when, its text, reactions, and Edit / Delete for those allowed. */
export function MessageItem({ message, myUserId, canWrite, now, highlighted = false }: MessageItemProps) {
  const edit = useEditMessage(message.chatId);
  const remove = useDeleteMessage(message.chatId);
  const react = useReaction(message.chatId);
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(message.text);
  const [confirming, setConfirming] = useState(false);
  const headingId = `message-${message.id}-author`;
  const editBox = useRef<HTMLTextAreaElement>(null);
  // Focus follows the person's own choice of Edit, with the caret at the end of the text.
  useEffect(() => {
    const box = editBox.current;
    if (!editing || !box) return;
    box.focus();
    box.setSelectionRange(box.value.length, box.value.length);
  }, [editing]);

  async function saveEdit(): Promise<void> {
    const text = draft.trim();
    if (text === '' || text.length > messageLimits.textMaxLength) return;
    if (text === message.text) return setEditing(false);
    try {
      await edit.mutateAsync({ messageId: message.id, text });
      setEditing(false);
    } catch (failure) {
      toast.error(cardErrorMessage(failure, 'The message could not be saved. Please try again.'));
    }
  }

  function handleEditKeyDown(event: KeyboardEvent<HTMLTextAreaElement>): void {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void saveEdit();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      setEditing(false);
    }
  }

  async function handleDelete(): Promise<void> {
    try {
      await remove.mutateAsync(message.id);
      setConfirming(false);
    } catch (failure) {
      toast.error(cardErrorMessage(failure, 'The message could not be deleted. Please try again.'));
    }
  }

  function toggleReaction(emoji: string, on: boolean): void {
    react.mutate(
      { messageId: message.id, emoji, on },
      { onError: (failure) => toast.error(cardErrorMessage(failure, 'The reaction could not be saved.')) },
    );
  }

  const hasActions = message.abilities.edit || message.abilities.delete;
  return (
    <article
      id={messageElementId(message.id)}
      aria-labelledby={headingId}
      data-highlighted={highlighted || undefined}
      className={`group flex scroll-my-4 gap-3 px-3 py-2 transition-colors duration-700 ${
        highlighted ? 'bg-warning-soft ring-2 ring-ring ring-inset' : 'hover:bg-surface'
      }`}
    >
      <Avatar name={message.author.name} color={message.author.color} avatarUrl={message.author.avatarUrl} />
      <div className="min-w-0 flex-1">
        <header className="flex items-baseline gap-2">
          <h4 id={headingId} className="truncate text-sm font-semibold">
            {message.author.name}
          </h4>
          <time dateTime={message.createdAt} title={formatExactTime(message.createdAt)} className="text-xs text-muted">
            {formatRelativeTime(message.createdAt, now)}
          </time>
          {message.editedAt ? (
            <span className="text-xs text-muted" title={formatExactTime(message.editedAt)}>
              edited
            </span>
          ) : null}
          {hasActions && !editing ? (
            <span className="ml-auto opacity-100 sm:opacity-0 sm:group-focus-within:opacity-100 sm:group-hover:opacity-100">
              <Menu
                trigger={
                  <IconButton label="Message actions">
                    <svg aria-hidden="true" viewBox="0 0 16 16" className="size-4" fill="currentColor">
                      <circle cx="3" cy="8" r="1.5" />
                      <circle cx="8" cy="8" r="1.5" />
                      <circle cx="13" cy="8" r="1.5" />
                    </svg>
                  </IconButton>
                }
              >
                {message.abilities.edit ? (
                  <MenuItem
                    onSelect={() => {
                      setDraft(message.text);
                      setEditing(true);
                    }}
                  >
                    Edit
                  </MenuItem>
                ) : null}
                {message.abilities.delete ? <MenuItem onSelect={() => setConfirming(true)}>Delete</MenuItem> : null}
              </Menu>
            </span>
          ) : null}
        </header>
        {editing ? (
          <div className="mt-1 flex flex-col gap-2">
            <textarea
              aria-label="Edit message"
              value={draft}
              ref={editBox}
              rows={Math.min(8, draft.split('\n').length + 1)}
              maxLength={messageLimits.textMaxLength}
              onChange={(event) => setDraft(event.target.value)}
              onKeyDown={handleEditKeyDown}
              className="w-full resize-y rounded-md border border-border bg-bg px-3 py-2 text-base focus-visible:border-ring focus-visible:outline-2 focus-visible:outline-ring"
            />
            <div className="flex gap-2">
              <Button size="sm" onClick={() => void saveEdit()} disabled={edit.isPending || draft.trim() === ''}>
                Save
              </Button>
              <Button size="sm" variant="secondary" onClick={() => setEditing(false)}>
                Cancel
              </Button>
            </div>
          </div>
        ) : message.text ? (
          <MessageText text={message.text} />
        ) : null}
        <MessageFiles files={message.files} />
        <Reactions message={message} myUserId={myUserId} onToggle={canWrite ? toggleReaction : undefined} />
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Delete this message?"
        confirmLabel="Delete message"
        onConfirm={() => void handleDelete()}
        pending={remove.isPending}
      >
        <p>The message will be deleted for everyone. This cannot be undone.</p>
      </ConfirmDialog>
    </article>
  );
}
