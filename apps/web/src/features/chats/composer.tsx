import { fileLimits } from '@deckhand/contract/files';
import { messageLimits } from '@deckhand/contract/messages';
import { type KeyboardEvent, useId, useLayoutEffect, useRef, useState } from 'react';
import { Avatar } from '../../ui/avatar';
import { IconButton } from '../../ui/icon-button';
import { toast } from '../../ui/toast';
import { cardErrorMessage } from '../cards/messages';
import { type ClientFile, useDeleteFile } from '../files/api';
import { AttachFilesButton } from '../files/attach-files-button';
import { FileIcon } from '../files/file-icon';
import { UploadList } from '../files/upload-list';
import { useUploads } from '../files/use-uploads';
import { useSendMessage } from './api';
import { activeMention, insertMention, type Mentionable, matchMembers, mentionedIds } from './mentions';

export interface MentionMember extends Mentionable {
  color: string;
  avatarUrl: string;
}

export interface ComposerProps {
  projectId: string;
  chatId: string;
  chatName: string;
  /** The project's members other than the writer: who can be @-mentioned. */
  members: MentionMember[];
}

/**
 * Writes a message: Enter sends, Shift+Enter starts a new line, `@` opens a picker of the project's members
 * (arrows choose, Enter or Tab picks, Escape closes). A message that fails to send stays in the box.
 */
export function Composer({ projectId, chatId, chatName, members }: ComposerProps) {
  const send = useSendMessage(chatId);
  const [attached, setAttached] = useState<ClientFile[]>([]);
  const uploads = useUploads({ projectId, onUploaded: (file) => setAttached((current) => [...current, file]) });
  const removeFile = useDeleteFile();
  const [text, setText] = useState('');
  const [caret, setCaret] = useState(0);
  const [picked, setPicked] = useState<Mentionable[]>([]);
  const [highlight, setHighlight] = useState(0);
  const [dismissedAt, setDismissedAt] = useState<number | null>(null);
  const box = useRef<HTMLTextAreaElement>(null);
  /** Where the caret goes once the box shows the text a pick made. */
  const caretAfterPick = useRef<number | null>(null);
  const listId = useId();

  // In the commit that shows the picked name, before the next key can land: set on a later frame, the caret would
  // jump back over what was typed meanwhile.
  useLayoutEffect(() => {
    const at = caretAfterPick.current;
    if (at === null) return;
    caretAfterPick.current = null;
    box.current?.setSelectionRange(at, at);
  });

  const mention = activeMention(text, caret);
  const candidates = mention && mention.start !== dismissedAt ? matchMembers(members, mention.query) : [];
  const picking = mention !== null && candidates.length > 0;
  const active = picking ? candidates[Math.min(highlight, candidates.length - 1)] : undefined;
  const tooLong = text.length > messageLimits.textMaxLength;
  const uploading = uploads.uploads.some((upload) => upload.status === 'uploading');
  const tooManyFiles = attached.length > fileLimits.perMessageMax;

  function pick(member: Mentionable): void {
    if (!mention) return;
    const next = insertMention(text, mention, member);
    setText(next.text);
    setCaret(next.caret);
    setPicked((current) => [...current, member]);
    setHighlight(0);
    caretAfterPick.current = next.caret;
  }

  async function submit(): Promise<void> {
    const message = text.trim();
    if ((message === '' && attached.length === 0) || tooLong || tooManyFiles || send.isPending) return;
    if (uploading) {
      toast.info('Wait for the files to finish uploading, then send.');
      return;
    }
    try {
      await send.mutateAsync({
        text: message,
        mentions: mentionedIds(message, picked),
        file_ids: attached.map((file) => file.id),
      });
      setText('');
      setCaret(0);
      setPicked([]);
      setAttached([]);
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

  function unattach(file: ClientFile): void {
    setAttached((current) => current.filter((item) => item.id !== file.id));
    // Not sent yet, so nobody else has it: it goes, rather than lingering unattached.
    removeFile.mutate(file);
  }

  return (
    <form
      aria-label="New message"
      className="relative border-t border-border p-3"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
      onDragOver={(event) => {
        if (!Array.from(event.dataTransfer.types).includes('Files')) return;
        event.preventDefault();
        event.dataTransfer.dropEffect = 'copy';
      }}
      onDrop={(event) => {
        if (event.dataTransfer.files.length === 0) return;
        event.preventDefault();
        void uploads.start(Array.from(event.dataTransfer.files));
      }}
    >
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
      {attached.length > 0 ? (
        <ul aria-label="Attached files" className="mb-2 flex flex-wrap gap-2">
          {attached.map((file) => (
            <li
              key={file.id}
              className="flex items-center gap-1 rounded-md border border-border py-0.5 pr-0.5 pl-1 text-sm"
            >
              {file.thumbnailUrl ? (
                <img src={file.thumbnailUrl} alt="" className="size-6 rounded object-cover" />
              ) : (
                <FileIcon name={file.name} size={20} />
              )}
              <span id={`attached-${file.id}`} className="max-w-40 truncate">
                {file.name}
              </span>
              <IconButton
                label="Remove attachment"
                aria-describedby={`attached-${file.id}`}
                className="size-6"
                onClick={() => unattach(file)}
              >
                <svg aria-hidden="true" viewBox="0 0 16 16" className="size-3" fill="none" stroke="currentColor">
                  <path d="M3.5 3.5l9 9m0-9l-9 9" strokeWidth="1.75" strokeLinecap="round" />
                </svg>
              </IconButton>
            </li>
          ))}
        </ul>
      ) : null}
      <div className="mb-2 empty:hidden">
        <UploadList uploads={uploads.uploads} onCancel={uploads.cancel} onDismiss={uploads.dismiss} />
      </div>
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
        onPaste={(event) => {
          if (event.clipboardData.files.length === 0) return;
          // Pasted images (a screenshot) go with the message, not to the card's files.
          event.preventDefault();
          void uploads.start(Array.from(event.clipboardData.files));
        }}
        className="block w-full resize-none rounded-md border border-border bg-bg px-3 py-2 text-base text-fg placeholder:text-muted focus-visible:border-ring focus-visible:outline-2 focus-visible:outline-ring aria-invalid:border-danger"
      />
      <p className="mt-1 flex items-center justify-between gap-2 text-xs text-muted">
        <span className="flex items-center gap-2">
          <AttachFilesButton variant="ghost" onFiles={(chosen) => void uploads.start(chosen)} />
          <span>Enter to send, Shift+Enter for a new line, @ to mention</span>
        </span>
        {tooManyFiles ? (
          <span className="text-danger">At most {fileLimits.perMessageMax} files per message</span>
        ) : null}
        {tooLong ? (
          <span className="text-danger">
            {text.length.toLocaleString()} / {messageLimits.textMaxLength.toLocaleString()} characters
          </span>
        ) : null}
      </p>
    </form>
  );
}
