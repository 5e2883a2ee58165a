import type { ErrorCode } from '@deckhand/contract/error-codes';
import { formatFileSize } from '@deckhand/contract/files';
import { errorCodeOf } from '../../lib/api';

/** What the files screens say when the server refuses something; keyed by error code. */
const errorMessages: Partial<Record<ErrorCode, string>> = {
  'files/not-found': 'This file no longer exists.',
  'files/forbidden': 'Your role in this project does not allow that.',
  'projects/not-found': 'This project no longer exists, or you are no longer a member.',
  'request/rate-limited': 'Too many requests. Please wait a moment and try again.',
};

export function tooLargeMessage(maxBytes: number): string {
  return `This file is larger than ${formatFileSize(maxBytes)}`;
}

export function fileErrorMessage(error: unknown, maxBytes: number, fallback: string): string {
  const code = errorCodeOf(error);
  if (code === 'files/too-large') return tooLargeMessage(maxBytes);
  return (code && errorMessages[code]) || fallback;
}
