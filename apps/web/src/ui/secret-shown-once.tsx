import { type ReactNode, type RefObject, useEffect, useId, useRef, useState } from 'react';
import { Button } from './button';

export interface SecretShownOnceProps {
  /** What just happened, e.g. "Webhook added". */
  title: string;
  /** The field's label, e.g. "Signing secret". */
  label: string;
  /** The sentence that says it will not be shown again. */
  notice: string;
  /** What the secret is called in the copy-failed message: "token", "secret". */
  noun: string;
  secret: string;
  onDone(): void;
  /** Said after the field (how the secret is used), and read with it. */
  children?: ReactNode;
  /** The secret's field, for a dialog that closes onto it and must return the focus there. */
  fieldRef?: RefObject<HTMLInputElement | null>;
}

type CopyResult = 'copied' | 'failed' | null;

/**
 * A secret the server gives once (an API token, a webhook's signing secret): in a read-only field, focused and
 * selected for a keyboard copy, with a Copy button and Done.
 */
export function SecretShownOnce({
  title,
  label,
  notice,
  noun,
  secret,
  onDone,
  children,
  fieldRef,
}: SecretShownOnceProps) {
  const id = useId();
  const ownField = useRef<HTMLInputElement | null>(null);
  const field = fieldRef ?? ownField;
  const [copyResult, setCopyResult] = useState<CopyResult>(null);

  // The control that had the focus is gone or behind; the secret is what comes next, selected for a keyboard copy.
  useEffect(() => {
    field.current?.focus();
    field.current?.select();
  }, [field]);

  async function handleCopy(): Promise<void> {
    try {
      // Undefined outside a secure context (a server reached over plain http): that lands in the catch too.
      await navigator.clipboard.writeText(secret);
      setCopyResult('copied');
    } catch (error) {
      console.warn(`The ${noun} could not be copied`, error);
      setCopyResult('failed');
      field.current?.select();
    }
  }

  const describedBy = children ? `${id}-notice ${id}-more` : `${id}-notice`;
  return (
    <div className="flex flex-col gap-3 rounded-md border border-success bg-success-soft p-4">
      <p className="font-medium">{title}</p>
      <p id={`${id}-notice`} className="text-sm">
        {notice}
      </p>
      <div className="flex items-end gap-2">
        <div className="flex min-w-0 flex-1 flex-col gap-1.5">
          <label htmlFor={`${id}-secret`} className="text-sm font-medium">
            {label}
          </label>
          <input
            ref={field}
            id={`${id}-secret`}
            readOnly
            value={secret}
            spellCheck={false}
            aria-describedby={describedBy}
            onFocus={(event) => event.target.select()}
            className="min-h-10 rounded-md border border-border bg-bg px-3 font-mono text-sm text-fg focus-visible:border-ring focus-visible:outline-2 focus-visible:outline-ring"
          />
        </div>
        <Button variant="secondary" onClick={() => void handleCopy()}>
          Copy
        </Button>
      </div>
      {children ? (
        <div id={`${id}-more`} className="text-sm">
          {children}
        </div>
      ) : null}
      <p role="status" className="text-sm">
        {copyResult === 'copied' ? 'Copied' : null}
        {copyResult === 'failed' ? `The ${noun} could not be copied: select it and copy it yourself.` : null}
      </p>
      <div className="flex justify-end">
        <Button onClick={onDone}>Done</Button>
      </div>
    </div>
  );
}
