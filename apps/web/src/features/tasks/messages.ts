import type { ErrorCode } from '@deckhand/contract/error-codes';
import { errorCodeOf } from '../../lib/api';

/** What the task and board screens say when the server refuses something; keyed by error code. */
const errorMessages: Partial<Record<ErrorCode, string>> = {
  'tasks/not-found': 'This task no longer exists.',
  'tasks/forbidden': 'Your role in this project does not allow that.',
  'tasks/no-status': 'This project has no column for that. An admin can add one on the board.',
  'statuses/not-found': 'This column no longer exists.',
  'statuses/forbidden': 'Only admins and the owner change the board’s columns.',
  'statuses/name-taken': 'There is already a column with that name.',
  'statuses/not-empty': 'This column holds tasks: choose where they go.',
  'statuses/last-status': 'A board keeps at least one column.',
  'statuses/too-many': 'A board has at most 50 columns.',
  'cards/not-found': 'That card no longer exists.',
  'projects/not-found': 'This project no longer exists, or you are no longer a member.',
  'request/rate-limited': 'Too many requests. Please wait a moment and try again.',
};

export const genericFailure = 'Something went wrong. Please try again.';

export function taskErrorMessage(error: unknown, fallback = genericFailure): string {
  const code = errorCodeOf(error);
  return (code && errorMessages[code]) || fallback;
}
