import { z } from 'zod';

/** Every error code the API can answer with, namespaced `<area>/<reason>`. */
export const errorCodes = [
  'request/invalid',
  'request/invalid-json',
  'request/too-large',
  'request/unsupported-media-type',
  'request/not-found',
  'request/rate-limited',
  'auth/unauthenticated',
  'auth/invalid-email',
  'auth/email-already-in-use',
  'auth/weak-password',
  'auth/invalid-credential',
  'auth/user-not-found',
  'auth/too-many-attempts',
  'auth/invalid-refresh-token',
  'auth/invalid-reset-token',
  'auth/invalid-verification-token',
  'auth/oidc-not-configured',
  'auth/oidc-failed',
  'projects/not-found',
  'projects/forbidden',
  'projects/owner-required',
  'projects/already-member',
  'projects/invitation-not-found',
  'projects/invitation-expired',
  'cards/not-found',
  'cards/forbidden',
  'chats/not-found',
  'chats/forbidden',
  'chats/last-chat',
  'messages/not-found',
  'messages/forbidden',
  'notifications/not-found',
  'push/invalid-endpoint',
  'push/not-found',
  'admin/not-found',
  'reports/not-found',
  'reports/invalid-envelope',
  'reports/missing-key',
  'reports/invalid-key',
  'reports/unknown-project',
  'reports/unsupported-encoding',
  'insights/invalid-range',
  'internal',
] as const;
export type ErrorCode = (typeof errorCodes)[number];

/** The body of every non-2xx answer. */
export const ApiError = z.object({
  error: z.object({ code: z.string(), message: z.string() }),
});
export type ApiError = z.infer<typeof ApiError>;
