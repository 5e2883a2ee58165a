import { messageLimits } from '@deckhand/contract/messages';
import { type KeyboardEvent, useId, useRef, useState } from 'react';
import { toast } from 'react-toastify';
import { Avatar } from '../../ui/avatar';
import { cardErrorMessage } from '../cards/messages';
import { useSendMessage } from './api';
import { activeMention, insertMention, type Mentionable, matchMembers, mentionedIds } from './mentions';

export interface MentionMember extends Mentionable {
  color: string;
  avatarUrl: string;
}

export interface ComposerProps {
  chatId: string;
  chatName: string;
  /** The project's members other than the writer: who can be @-mentioned. */
  members: MentionMember[];
}

/**
 * Writes a message: Enter sends, Shift+Enter starts a new line, `@` opens a picker of the project's members
 * (arrows choose, Enter or Tab picks, Escape closes). A message that fails to send stays in the box.
 */
export function Composer({ chatId, chatName, members }: ComposerProps) {
  const send = useSendMessage(chatId);
  const [text, setText] = useState('');
  const [caret, setCaret] = useState(0);
  const [picked, setPicked] = useState<Mentionable[]>([]);
  const [highlight, setHighlight] = useState(0);
  const [dismissedAt, setDismissedAt] = useState<number | null>(null);
  const box = useRef<HTMLTextAreaElement>(null);
  const listId = useId();

  const mention = activeMention(text, caret);
  const candidates = mention && mention.start !== dismissedAt ? matchMembers(members, mention.query) : [];
  const picking = mention !== null && candidates.length > 0;
  const active = picking ? candidates[Math.min(highlight, candidates.length - 1)] : undefined;
  const tooLong = text.length > messageLimits.textMaxLength;

  function pick(member: Mentionable): void {
    if (!mention) return;
    const next = insertMention(text, mention, member);
    setText(next.text);
    setCaret(next.caret);
    setPicked((current) => [...current, member]);
    setHighlight(0);
    requestAnimationFrame(() => box.current?.setSelectionRange(next.caret, next.caret));
  }

  async function submit(): Promise<void> {
    const message = text.trim();
    if (message === '' || tooLong || send.isPending) return;
    try {
      await send.mutateAsync({ text: message, mentions: mentionedIds(message, picked) });
      setText('');
      setCaret(0);
      setPicked([]);
    } catch (failure) {
      toast.error(cardErrorMessage(failure, 'The message could not be sent. Please try again.'));
    }
  }

  function handleKeyDown(event: KeyboardEvent<HTMLTextAreaElement>): void {
    if (event.nativeEvent.isComposing) return;
    if (picking) {
      if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
        event.preventDefault();
        const step = event.key === 'ArrowDown' ? 1 : -1;
        setHighlight((index) => (index + step + candidates.length) % candidates.length);
        return;
      }
      if ((event.key === 'Enter' || event.key === 'Tab') && active) {
        event.preventDefault();
        pick(active);
        return;
      }
      if (event.key === 'Escape') {
        event.preventDefault();
        setDismissedAt(mention.start);
        return;
      }
    }
    if (event.key === 'Enter' && !event.shiftKey) {
      event.preventDefault();
      void submit();
    }
  }

  return (
    <div className="relative border-t border-border p-3">
      {picking ? (
        <div
          id={listId}
          role="listbox"
          aria-label="Mention someone"
          className="absolute right-3 bottom-full left-3 z-10 mb-1 max-h-64 overflow-y-auto rounded-md border border-border bg-bg p-1 shadow-lg"
        >
          {candidates.map((member) => (
            <div
              key={member.userId}
              id={`${listId}-${member.userId}`}
              role="option"
              tabIndex={-1}
              aria-selected={member === active}
              // Keeps focus in the text box: a click picks without blurring it.
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => pick(member)}
              onKeyDown={(event) => {
                if (event.key === 'Enter') pick(member);
              }}
              className="flex cursor-pointer items-center gap-2 rounded px-2 py-1.5 text-sm aria-selected:bg-primary-soft"
            >
              <Avatar name={member.name} color={member.color} avatarUrl={member.avatarUrl} size={22} />
              {member.name}
            </div>
          ))}
        </div>
      ) : null}
      <textarea
        ref={box}
        aria-label="Message"
        aria-autocomplete="list"
        aria-controls={picking ? listId : undefined}
        aria-activedescendant={active ? `${listId}-${active.userId}` : undefined}
        aria-invalid={tooLong || undefined}
        placeholder={`Message ${chatName}`}
        rows={Math.min(6, text.split('\n').length)}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setCaret(event.target.selectionStart);
          setHighlight(0);
        }}
        onSelect={(event) => setCaret(event.currentTarget.selectionStart)}
        onKeyDown={handleKeyDown}
        className="block w-full resize-none rounded-md border border-border bg-bg px-3 py-2 text-base text-fg placeholder:text-muted focus-visible:border-ring focus-visible:outline-2 focus-visible:outline-ring aria-invalid:border-danger"
      />
      <p className="mt-1 flex justify-between text-xs text-muted">
        <span>Enter to send, Shift+Enter for a new line, @ to mention</span>
        {tooLong ? (
          <span className="text-danger">
            {text.length.toLocaleString()} / {messageLimits.textMaxLength.toLocaleString()} characters
          </span>
        ) : null}
      </p>
    </div>
  );
}
