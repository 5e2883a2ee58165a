import type { ErrorCode } from '@deckhand/contract/error-codes';
import { ApiRequestError, errorCodeOf } from '../../lib/api';

/** Said instead of the server's words where those would not tell the person what happened. */
const errorMessages: Partial<Record<ErrorCode, string>> = {
  'tokens/not-found': 'This token was already revoked.',
  'request/rate-limited': 'Too many requests. Please wait a moment and try again.',
};

/**
 * What the tokens section says when the server refuses: our words for the codes above, else the server's own
 * message for a 4xx (which limit: the expiry, a project, the 50 tokens), else `fallback`.
 */
export function tokenErrorMessage(error: unknown, fallback: string): string {
  const code = errorCodeOf(error);
  const known = code ? errorMessages[code] : undefined;
  if (known) return known;
  if (error instanceof ApiRequestError && error.status >= 400 && error.status < 500 && error.detail) {
    return error.detail;
  }
  return fallback;
}
