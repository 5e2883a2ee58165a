import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { IconButton } from '../../ui/icon-button';
import { Menu } from '../../ui/menu';
import { MenuItem } from '../../ui/menu-item';
import { toast } from '../../ui/toast';
import { type ClientCard, useDeleteCard, useUpdateCard } from './api';
import { cardErrorMessage } from './messages';

/** Archive (or restore) and Delete, for those allowed; nothing at all for a viewer. */
export function CardMenu({ card }: { card: ClientCard }) {
  const update = useUpdateCard(card);
  const remove = useDeleteCard(card);
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);
  if (!card.abilities.edit && !card.abilities.delete) return null;

  async function toggleArchived(): Promise<void> {
    try {
      await update.mutateAsync({ archived: !card.archived });
      toast.success(card.archived ? 'Card restored' : 'Card archived');
    } catch (failure) {
      toast.error(cardErrorMessage(failure));
    }
  }

  async function handleDelete(): Promise<void> {
    try {
      await remove.mutateAsync();
      setConfirming(false);
      toast.success('Card deleted');
      await navigate(`/${card.projectId}`);
    } catch (failure) {
      toast.error(cardErrorMessage(failure, 'The card could not be deleted. Please try again.'));
    }
  }

  return (
    <>
      <Menu
        trigger={
          <IconButton label="Card actions">
            <svg aria-hidden="true" viewBox="0 0 16 16" className="size-4" fill="currentColor">
              <circle cx="3" cy="8" r="1.5" />
              <circle cx="8" cy="8" r="1.5" />
              <circle cx="13" cy="8" r="1.5" />
            </svg>
          </IconButton>
        }
      >
        {card.abilities.edit ? (
          <MenuItem onSelect={() => void toggleArchived()}>{card.archived ? 'Restore' : 'Archive'}</MenuItem>
        ) : null}
        {card.abilities.delete ? <MenuItem onSelect={() => setConfirming(true)}>Delete</MenuItem> : null}
      </Menu>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Delete this card?"
        confirmLabel="Delete card"
        onConfirm={() => void handleDelete()}
        pending={remove.isPending}
      >
        <p>
          “{card.title}” will be deleted with its body and all its chats and messages, for everyone. This cannot be
          undone.
        </p>
      </ConfirmDialog>
    </>
  );
}
