import type { RefObject } from 'react';
import { SecretShownOnce } from '../../ui/secret-shown-once';

export interface WebhookSecretProps {
  /** What just happened, e.g. "Webhook added". */
  title: string;
  secret: string;
  onDone(): void;
  /** The secret's field, for a dialog that closes onto it and must return the focus there. */
  fieldRef?: RefObject<HTMLInputElement | null>;
}

/**
 * A signing secret, the one time the server gives it (on adding a webhook, or rotating its secret), with how
 * receivers check a request with it.
 */
export function WebhookSecret({ title, secret, onDone, fieldRef }: WebhookSecretProps) {
  return (
    <SecretShownOnce
      title={title}
      label="Signing secret"
      notice="Copy the signing secret now and keep it somewhere safe: it will not be shown again."
      noun="secret"
      secret={secret}
      onDone={onDone}
      fieldRef={fieldRef}
    >
      <p>
        Receivers check each request as Standard Webhooks describes (its libraries do it for you):{' '}
        <code>webhook-signature</code> holds <code>v1,</code> and a base64 HMAC-SHA256 of the <code>webhook-id</code>,
        the <code>webhook-timestamp</code> and the body joined by dots, keyed with the bytes the secret encodes after{' '}
        <code>whsec_</code>.
      </p>
    </SecretShownOnce>
  );
}
