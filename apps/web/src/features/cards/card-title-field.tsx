import { cardLimits } from '@deckhand/contract/cards';
import { type KeyboardEvent, useState } from 'react';
import { toast } from '../../ui/toast';
import { type ClientCard, useUpdateCard } from './api';
import { cardErrorMessage } from './messages';

export interface CardTitleFieldProps {
  card: ClientCard;
}

/**
 * The title, edited in place: saved on Enter or when focus leaves, Escape puts it back. While it is not being
 * edited it follows the server, so someone else's rename shows at once.
 */
export function CardTitleField({ card }: CardTitleFieldProps) {
  const update = useUpdateCard(card);
  const [draft, setDraft] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const value = draft ?? card.title;

  async function save(): Promise<void> {
    if (draft === null) return;
    const title = draft.trim();
    if (title === card.title) return setDraft(null);
    if (title === '') return setError('A card needs a title.');
    if (title.length > cardLimits.titleMaxLength) {
      return setError(`A title has at most ${cardLimits.titleMaxLength} characters.`);
    }
    try {
      await update.mutateAsync({ title });
      setDraft(null);
      setError(null);
    } catch (failure) {
      toast.error(cardErrorMessage(failure, 'The title could not be saved. Please try again.'));
    }
  }

  function handleKeyDown(event: KeyboardEvent<HTMLInputElement>): void {
    if (event.key === 'Enter') {
      event.preventDefault();
      event.currentTarget.blur();
    } else if (event.key === 'Escape') {
      setDraft(null);
      setError(null);
      event.currentTarget.blur();
    }
  }

  return (
    <div className="min-w-0 flex-1">
      <input
        aria-label="Card title"
        value={value}
        readOnly={!card.abilities.edit}
        maxLength={cardLimits.titleMaxLength + 50}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `card-title-error-${card.id}` : undefined}
        onChange={(event) => {
          setDraft(event.target.value);
          setError(null);
        }}
        onBlur={() => void save()}
        onKeyDown={handleKeyDown}
        className="w-full truncate rounded-md border border-transparent bg-transparent px-2 py-1 text-2xl font-semibold text-fg hover:border-border focus-visible:border-ring focus-visible:outline-2 focus-visible:outline-ring read-only:hover:border-transparent aria-invalid:border-danger"
      />
      {error ? (
        <p id={`card-title-error-${card.id}`} className="px-2 text-sm text-danger">
          {error}
        </p>
      ) : null}
    </div>
  );
}
