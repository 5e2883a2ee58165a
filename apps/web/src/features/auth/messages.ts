import type { ErrorCode } from '@deckhand/contract/error-codes';
import { errorCodeOf } from '../../lib/api';

/** Toast texts. The first group is spec §8's catalogue, word for word. */
export const authMessages = {
  invalidEmail: 'Invalid email',
  invalidPassword: 'Invalid password',
  userNotFound: 'User not found',
  loginFailed: 'Error in login. Please try again.',
  emailInUse: 'The email already used. Please try another one.',
  weakPassword: 'Your password is too weak. Please try another one.',
  registrationFailed: 'Error in registration. Please try again.',
  emailRequired: 'Please enter your email',
  signedIn: 'You are logged in.',
  verificationSent: 'The email verification link has been sent to your email. Please verify.',
  resetSent: 'Password reset email sent on your email. Please check.',

  nameRequired: 'Please enter your name',
  resetRequestFailed: 'Error in sending the reset email. Please try again.',
  passwordChanged: 'Your password has been changed. Please sign in.',
  resetLinkInvalid: 'This password reset link is invalid or has expired. Please request a new one.',
  resetFailed: 'Error in password reset. Please try again.',
  emailVerified: 'Your email address is verified.',
  verificationLinkInvalid: 'This verification link is invalid or has expired. Sign in to get a new one.',
  verificationFailed: 'Your email address could not be verified. Please try again.',
  verificationResent: 'A new verification link has been sent to your email.',
  verificationResendLimited: 'A verification email was sent recently. Please wait a moment and try again.',
  verificationResendFailed: 'The verification email could not be sent. Please try again.',
} as const;

type MessageMap = Partial<Record<ErrorCode, string>>;

const signInErrors: MessageMap = {
  'auth/invalid-email': authMessages.invalidEmail,
  'auth/invalid-credential': authMessages.invalidPassword,
  'auth/user-not-found': authMessages.userNotFound,
};

const registrationErrors: MessageMap = {
  'auth/invalid-email': authMessages.invalidEmail,
  'auth/email-already-in-use': authMessages.emailInUse,
  'auth/weak-password': authMessages.weakPassword,
};

const resetRequestErrors: MessageMap = { 'auth/invalid-email': authMessages.invalidEmail };

const resetConfirmErrors: MessageMap = {
  'auth/invalid-reset-token': authMessages.resetLinkInvalid,
  'auth/weak-password': authMessages.weakPassword,
};

function messageFor(map: MessageMap, error: unknown, fallback: string): string {
  const code = errorCodeOf(error);
  return (code && map[code]) || fallback;
}

export function signInErrorMessage(error: unknown): string {
  return messageFor(signInErrors, error, authMessages.loginFailed);
}

export function registrationErrorMessage(error: unknown): string {
  return messageFor(registrationErrors, error, authMessages.registrationFailed);
}

export function resetRequestErrorMessage(error: unknown): string {
  return messageFor(resetRequestErrors, error, authMessages.resetRequestFailed);
}

export function resetConfirmErrorMessage(error: unknown): string {
  return messageFor(resetConfirmErrors, error, authMessages.resetFailed);
}
