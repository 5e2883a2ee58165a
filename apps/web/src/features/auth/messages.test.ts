import { describe, expect, it } from 'vitest';
import { ApiRequestError } from '../../lib/api';
import { registrationErrorMessage, resetConfirmErrorMessage, signInErrorMessage } from './messages';

function apiError(status: number, code: string): ApiRequestError {
  return new ApiRequestError(status, code, null);
}

describe('sign-in errors (spec §8)', () => {
  it('maps each code to its catalogue string', () => {
    expect(signInErrorMessage(apiError(400, 'auth/invalid-email'))).toBe('Invalid email');
    expect(signInErrorMessage(apiError(401, 'auth/invalid-credential'))).toBe('Invalid password');
    expect(signInErrorMessage(apiError(404, 'auth/user-not-found'))).toBe('User not found');
  });

  it('says "Error in login" for everything else, including limits and network failures', () => {
    expect(signInErrorMessage(apiError(429, 'auth/too-many-attempts'))).toBe('Error in login. Please try again.');
    expect(signInErrorMessage(apiError(500, 'internal'))).toBe('Error in login. Please try again.');
    expect(signInErrorMessage(apiError(400, 'some/unknown-code'))).toBe('Error in login. Please try again.');
    expect(signInErrorMessage(new TypeError('Failed to fetch'))).toBe('Error in login. Please try again.');
  });
});

describe('registration errors (spec §8)', () => {
  it('maps each code to its catalogue string', () => {
    expect(registrationErrorMessage(apiError(400, 'auth/invalid-email'))).toBe('Invalid email');
    expect(registrationErrorMessage(apiError(409, 'auth/email-already-in-use'))).toBe(
      'The email already used. Please try another one.',
    );
    expect(registrationErrorMessage(apiError(400, 'auth/weak-password'))).toBe(
      'Your password is too weak. Please try another one.',
    );
    expect(registrationErrorMessage(apiError(429, 'request/rate-limited'))).toBe(
      'Error in registration. Please try again.',
    );
  });
});

describe('ApiRequestError', () => {
  it('carries the spec message, the status and the code', () => {
    const error = apiError(400, 'auth/invalid-reset-token');
    expect(error.message).toBe('HTTP error, status = 400');
    expect(error).toMatchObject({ status: 400, code: 'auth/invalid-reset-token' });
    expect(resetConfirmErrorMessage(error)).toMatch(/invalid or has expired/);
  });
});
