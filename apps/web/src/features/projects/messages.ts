import type { ErrorCode } from '@deckhand/contract/error-codes';
import { errorCodeOf } from '../../lib/api';

/** What the projects screens say when the server refuses something; keyed by error code, never by message. */
const errorMessages: Partial<Record<ErrorCode, string>> = {
  'projects/not-found': 'This project no longer exists, or you are no longer a member.',
  'projects/forbidden': 'Your role in this project does not allow that.',
  'projects/owner-required': 'The owner keeps their role and cannot leave. Transfer ownership first.',
  'projects/already-member': 'This person is already a member of the project.',
  'projects/invitation-not-found': 'This invitation is no longer pending.',
  'auth/invalid-email': 'Please enter a valid email address.',
  'request/rate-limited': 'Too many requests. Please wait a moment and try again.',
};

export const genericFailure = 'Something went wrong. Please try again.';

export function projectErrorMessage(error: unknown, fallback = genericFailure): string {
  const code = errorCodeOf(error);
  return (code && errorMessages[code]) || fallback;
}

export const roleLabels = { viewer: 'Viewer', member: 'Member', admin: 'Admin', owner: 'Owner' } as const;
