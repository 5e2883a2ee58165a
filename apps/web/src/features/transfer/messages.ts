import type { ErrorCode } from '@deckhand/contract/error-codes';
import { ApiRequestError, errorCodeOf } from '../../lib/api';

/** Said instead of the server's words where those are about a rule rather than the file. */
const errorMessages: Partial<Record<ErrorCode, string>> = {
  'exports/forbidden': 'Only the project’s owner and admins can export it.',
  'projects/not-found': 'This project no longer exists, or you are no longer a member.',
  'request/rate-limited': 'Too many requests. Please wait a moment and try again.',
};

/**
 * What an export or import screen says when the server refuses: our words for the codes above, else the server's
 * own message for a 4xx (written for the person: which file type, which limit), else `fallback`.
 */
export function transferErrorMessage(error: unknown, fallback: string): string {
  const code = errorCodeOf(error);
  const known = code ? errorMessages[code] : undefined;
  if (known) return known;
  if (error instanceof ApiRequestError && error.status >= 400 && error.status < 500 && error.detail) {
    return error.detail;
  }
  return fallback;
}
