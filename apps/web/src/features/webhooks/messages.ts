import type { ErrorCode } from '@deckhand/contract/error-codes';
import { ApiRequestError, errorCodeOf } from '../../lib/api';

/** Said instead of the server's words where those would not tell the person what happened. */
const errorMessages: Partial<Record<ErrorCode, string>> = {
  'webhooks/not-found': 'This webhook no longer exists, or this delivery is no longer kept.',
  'webhooks/forbidden': 'Only the project’s admins and owner manage its webhooks.',
  'projects/forbidden': 'Only the project’s admins and owner manage its webhooks.',
  'request/rate-limited': 'Too many requests. Please wait a moment and try again.',
};

/**
 * What the webhooks section says when the server refuses: our words for the codes above, else the server's own
 * message for a 4xx (why it may not send to a URL, the 20 webhooks), else `fallback`.
 */
export function webhookErrorMessage(error: unknown, fallback: string): string {
  const code = errorCodeOf(error);
  const known = code ? errorMessages[code] : undefined;
  if (known) return known;
  if (error instanceof ApiRequestError && error.status >= 400 && error.status < 500 && error.detail) {
    return error.detail;
  }
  return fallback;
}

/**
 * Why the server may not send to a URL, for the URL field itself: its words without the field's name
 * ("url: the URL must be on a public address" → "The URL must be on a public address."). Undefined for any other
 * refusal.
 */
export function refusedUrlMessage(error: unknown): string | undefined {
  if (errorCodeOf(error) !== 'webhooks/invalid-url' || !(error instanceof ApiRequestError) || !error.detail) {
    return undefined;
  }
  const words = error.detail.replace(/^url:\s*/, '');
  return `${words.charAt(0).toUpperCase()}${words.slice(1)}${/[.!?]$/.test(words) ? '' : '.'}`;
}
