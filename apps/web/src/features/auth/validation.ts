import { emailMaxLength, nameLimits, passwordLimits } from '@deckhand/contract/auth-limits';
import { authMessages } from './messages';

// Deliberately loose: the server has the final word; this only catches what is obviously not an address.
const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function isValidEmail(email: string): boolean {
  return email.length <= emailMaxLength && emailPattern.test(email);
}

/** The toast to show instead of sending the sign-in request, or null when it may be sent. */
export function checkSignIn(email: string, password: string): string | null {
  if (!isValidEmail(email)) return authMessages.invalidEmail;
  if (password === '') return authMessages.invalidPassword;
  return null;
}

export function checkNewPassword(password: string): string | null {
  if (password.length < passwordLimits.minLength || password.length > passwordLimits.maxLength) {
    return authMessages.weakPassword;
  }
  return null;
}

export function checkRegistration(email: string, password: string, name: string): string | null {
  if (!isValidEmail(email)) return authMessages.invalidEmail;
  const passwordProblem = checkNewPassword(password);
  if (passwordProblem) return passwordProblem;
  if (name.length < nameLimits.minLength) return authMessages.nameRequired;
  return null;
}

export function checkResetRequest(email: string): string | null {
  if (email === '') return authMessages.emailRequired;
  if (!isValidEmail(email)) return authMessages.invalidEmail;
  return null;
}
