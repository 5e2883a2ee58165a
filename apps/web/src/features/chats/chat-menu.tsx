import { useState } from 'react';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { IconButton } from '../../ui/icon-button';
import { Menu } from '../../ui/menu';
import { MenuItem } from '../../ui/menu-item';
import { toast } from '../../ui/toast';
import { cardErrorMessage } from '../cards/messages';
import { type ClientChat, useDeleteChat, useRenameChat } from './api';
import { ChatNameDialog } from './chat-name-dialog';

export interface ChatMenuProps {
  chat: ClientChat;
  /** A card keeps at least one chat. */
  isLast: boolean;
  onDeleted(): void;
}

/** Rename and Delete for the open chat, for its creator and admins. */
export function ChatMenu({ chat, isLast, onDeleted }: ChatMenuProps) {
  const rename = useRenameChat(chat);
  const remove = useDeleteChat(chat);
  const [renaming, setRenaming] = useState(false);
  const [confirming, setConfirming] = useState(false);
  if (!chat.abilities.edit && !chat.abilities.delete) return null;

  async function handleDelete(): Promise<void> {
    try {
      await remove.mutateAsync();
      setConfirming(false);
      toast.success(`Deleted ${chat.name}`);
      onDeleted();
    } catch (failure) {
      toast.error(cardErrorMessage(failure, 'The chat could not be deleted. Please try again.'));
    }
  }

  return (
    <>
      <Menu
        trigger={
          <IconButton label="Chat actions">
            <svg aria-hidden="true" viewBox="0 0 16 16" className="size-4" fill="currentColor">
              <circle cx="3" cy="8" r="1.5" />
              <circle cx="8" cy="8" r="1.5" />
              <circle cx="13" cy="8" r="1.5" />
            </svg>
          </IconButton>
        }
      >
        {chat.abilities.edit ? <MenuItem onSelect={() => setRenaming(true)}>Rename</MenuItem> : null}
        {chat.abilities.delete && !isLast ? <MenuItem onSelect={() => setConfirming(true)}>Delete</MenuItem> : null}
      </Menu>
      <ChatNameDialog
        open={renaming}
        onOpenChange={setRenaming}
        title="Rename chat"
        submitLabel="Save"
        initialName={chat.name}
        onSubmit={async (name) => {
          await rename.mutateAsync({ name });
        }}
      />
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={`Delete ${chat.name}?`}
        confirmLabel="Delete chat"
        onConfirm={() => void handleDelete()}
        pending={remove.isPending}
      >
        <p>The chat and all its messages will be deleted for everyone. This cannot be undone.</p>
      </ConfirmDialog>
    </>
  );
}
