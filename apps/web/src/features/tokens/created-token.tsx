import { useEffect, useId, useRef, useState } from 'react';
import { Button } from '../../ui/button';
import type { ClientCreatedToken } from './api';

export interface CreatedTokenProps {
  token: ClientCreatedToken;
  onDone(): void;
}

type CopyResult = 'copied' | 'failed' | null;

/** The new token's secret, the one time the server gives it: in a field to select, with a Copy button. */
export function CreatedToken({ token, onDone }: CreatedTokenProps) {
  const id = useId();
  const field = useRef<HTMLInputElement>(null);
  const [copyResult, setCopyResult] = useState<CopyResult>(null);

  // The form that had the focus is gone; the secret is what comes next, selected for a keyboard copy.
  useEffect(() => {
    field.current?.focus();
    field.current?.select();
  }, []);

  async function handleCopy(): Promise<void> {
    try {
      // Undefined outside a secure context (a server reached over plain http): that lands in the catch too.
      await navigator.clipboard.writeText(token.token);
      setCopyResult('copied');
    } catch (error) {
      console.warn('The token could not be copied', error);
      setCopyResult('failed');
      field.current?.select();
    }
  }

  return (
    <div className="flex flex-col gap-3 rounded-md border border-success bg-success-soft p-4">
      <p className="font-medium">Token “{token.name}” created</p>
      <p id={`${id}-notice`} className="text-sm">
        Copy it now and keep it somewhere safe: it will not be shown again.
      </p>
      <div className="flex items-end gap-2">
        <div className="flex min-w-0 flex-1 flex-col gap-1.5">
          <label htmlFor={`${id}-secret`} className="text-sm font-medium">
            Your new token
          </label>
          <input
            ref={field}
            id={`${id}-secret`}
            readOnly
            value={token.token}
            spellCheck={false}
            aria-describedby={`${id}-notice`}
            onFocus={(event) => event.target.select()}
            className="min-h-10 rounded-md border border-border bg-bg px-3 font-mono text-sm text-fg focus-visible:border-ring focus-visible:outline-2 focus-visible:outline-ring"
          />
        </div>
        <Button variant="secondary" onClick={() => void handleCopy()}>
          Copy
        </Button>
      </div>
      <p role="status" className="text-sm">
        {copyResult === 'copied' ? 'Copied' : null}
        {copyResult === 'failed' ? 'The token could not be copied: select it and copy it yourself.' : null}
      </p>
      <div className="flex justify-end">
        <Button onClick={onDone}>Done</Button>
      </div>
    </div>
  );
}
