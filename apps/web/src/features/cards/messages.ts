import type { ErrorCode } from '@deckhand/contract/error-codes';
import { errorCodeOf } from '../../lib/api';

/** What the cards and chats screens say when the server refuses something; keyed by error code. */
const errorMessages: Partial<Record<ErrorCode, string>> = {
  'cards/not-found': 'This card no longer exists.',
  'cards/forbidden': 'Your role in this project does not allow that.',
  'chats/not-found': 'This chat no longer exists.',
  'chats/forbidden': 'Only the person who started this chat, or an admin, can do that.',
  'chats/last-chat': 'A card keeps at least one chat: this is its last one.',
  'messages/not-found': 'This message no longer exists.',
  'messages/forbidden': 'You can only change your own messages.',
  'projects/not-found': 'This project no longer exists, or you are no longer a member.',
  'projects/forbidden': 'Your role in this project does not allow that.',
  'request/rate-limited': 'Too many requests. Please wait a moment and try again.',
};

export const genericFailure = 'Something went wrong. Please try again.';

export function cardErrorMessage(error: unknown, fallback = genericFailure): string {
  const code = errorCodeOf(error);
  return (code && errorMessages[code]) || fallback;
}
