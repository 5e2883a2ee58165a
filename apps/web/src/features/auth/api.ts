import type {
  LoginInput,
  PasswordResetConfirmInput,
  PasswordResetInput,
  RegisterInput,
  VerifyEmailInput,
} from '@deckhand/contract/auth';
import type { GreetingInput } from '@deckhand/contract/profile';
import { api, apiDataImporting } from '../../lib/api';

/** The answers' schemas, and zod with them, come with the first request that needs them: this is first-load code. */
const authSchemas = () => import('@deckhand/contract/auth');

export function loginWithPassword(input: LoginInput) {
  return apiDataImporting(async () => (await authSchemas()).AuthSession, 'auth/login', { method: 'POST', body: input });
}

export function registerAccount(input: RegisterInput) {
  return apiDataImporting(async () => (await authSchemas()).AuthSession, 'auth/register', {
    method: 'POST',
    body: input,
  });
}

export async function logout(): Promise<void> {
  await api('auth/logout', { method: 'POST' });
}

export function requestPasswordReset(input: PasswordResetInput) {
  return apiDataImporting(async () => (await authSchemas()).Accepted, 'auth/password-reset', {
    method: 'POST',
    body: input,
  });
}

export function confirmPasswordReset(input: PasswordResetConfirmInput) {
  return apiDataImporting(async () => (await authSchemas()).Ok, 'auth/password-reset/confirm', {
    method: 'POST',
    body: input,
  });
}

export function verifyEmail(input: VerifyEmailInput) {
  return apiDataImporting(async () => (await authSchemas()).Ok, 'auth/verify-email', { method: 'POST', body: input });
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
