import { SecretShownOnce } from '../../ui/secret-shown-once';
import type { ClientCreatedToken } from './api';

export interface CreatedTokenProps {
  token: ClientCreatedToken;
  onDone(): void;
}

/** The new token's secret, the one time the server gives it. */
export function CreatedToken({ token, onDone }: CreatedTokenProps) {
  return (
    <SecretShownOnce
      title={`Token “${token.name}” created`}
      label="Your new token"
      notice="Copy it now and keep it somewhere safe: it will not be shown again."
      noun="token"
      secret={token.token}
      onDone={onDone}
    />
  );
}
