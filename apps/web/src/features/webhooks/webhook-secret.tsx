import { type RefObject, useEffect, useId, useRef, useState } from 'react';
import { Button } from '../../ui/button';

export interface WebhookSecretProps {
  /** What just happened, e.g. "Webhook added". */
  title: string;
  secret: string;
  onDone(): void;
  /** The secret's field, for a dialog that closes onto it and must return the focus there. */
  fieldRef?: RefObject<HTMLInputElement | null>;
}

type CopyResult = 'copied' | 'failed' | null;

/**
 * A signing secret, the one time the server gives it (on adding a webhook, or rotating its secret): in a field to
 * select, with a Copy button and how receivers check a request with it.
 */
export function WebhookSecret({ title, secret, onDone, fieldRef }: WebhookSecretProps) {
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
      console.warn('The secret could not be copied', error);
      setCopyResult('failed');
      field.current?.select();
    }
  }

  return (
    <div className="flex flex-col gap-3 rounded-md border border-success bg-success-soft p-4">
      <p className="font-medium">{title}</p>
      <p id={`${id}-notice`} className="text-sm">
        Copy the signing secret now and keep it somewhere safe: it will not be shown again.
      </p>
      <div className="flex items-end gap-2">
        <div className="flex min-w-0 flex-1 flex-col gap-1.5">
          <label htmlFor={`${id}-secret`} className="text-sm font-medium">
            Signing secret
          </label>
          <input
            ref={field}
            id={`${id}-secret`}
            readOnly
            value={secret}
            spellCheck={false}
            aria-describedby={`${id}-notice ${id}-verify`}
            onFocus={(event) => event.target.select()}
            className="min-h-10 rounded-md border border-border bg-bg px-3 font-mono text-sm text-fg focus-visible:border-ring focus-visible:outline-2 focus-visible:outline-ring"
          />
        </div>
        <Button variant="secondary" onClick={() => void handleCopy()}>
          Copy
        </Button>
      </div>
      <p id={`${id}-verify`} className="text-sm">
        Receivers check each request as Standard Webhooks describes (its libraries do it for you):{' '}
        <code>webhook-signature</code> holds <code>v1,</code> and a base64 HMAC-SHA256 of the <code>webhook-id</code>,
        the <code>webhook-timestamp</code> and the body joined by dots, keyed with the bytes the secret encodes after{' '}
        <code>whsec_</code>.
      </p>
      <p role="status" className="text-sm">
        {copyResult === 'copied' ? 'Copied' : null}
        {copyResult === 'failed' ? 'The secret could not be copied: select it and copy it yourself.' : null}
      </p>
      <div className="flex justify-end">
        <Button onClick={onDone}>Done</Button>
      </div>
    </div>
  );
}
