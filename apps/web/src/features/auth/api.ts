import {
  Accepted,
  AuthSession,
  type LoginInput,
  Ok,
  type PasswordResetConfirmInput,
  type PasswordResetInput,
  type RegisterInput,
  type VerifyEmailInput,
} from '@deckhand/contract/auth';
import type { GreetingInput } from '@deckhand/contract/profile';
import { queryOptions } from '@tanstack/react-query';
import { api, apiData } from '../../lib/api';
import { loadClientConfig } from '../../lib/client-config';

export function loginWithPassword(input: LoginInput) {
  return apiData(AuthSession, 'auth/login', { method: 'POST', body: input });
}

export function registerAccount(input: RegisterInput) {
  return apiData(AuthSession, 'auth/register', { method: 'POST', body: input });
}

export async function logout(): Promise<void> {
  await api('auth/logout', { method: 'POST' });
}

export function requestPasswordReset(input: PasswordResetInput) {
  return apiData(Accepted, 'auth/password-reset', { method: 'POST', body: input });
}

export function confirmPasswordReset(input: PasswordResetConfirmInput) {
  return apiData(Ok, 'auth/password-reset/confirm', { method: 'POST', body: input });
}

export function verifyEmail(input: VerifyEmailInput) {
  return apiData(Ok, 'auth/verify-email', { method: 'POST', body: input });
}

export async function resendVerificationMail(): Promise<void> {
  await api('auth/verification-mail', { method: 'POST' });
}

/** The welcome mail after registration or a first federated sign-in; a failure must not disturb the user. */
export function sendGreeting(input: GreetingInput): void {
  api('mail/greeting', { method: 'POST', body: input }).catch((error: unknown) => {
    console.warn('The greeting mail was not sent', error);
  });
}

export const clientConfigQuery = () =>
  queryOptions({
    queryKey: ['client-config'],
    queryFn: loadClientConfig,
    staleTime: Number.POSITIVE_INFINITY,
  });
