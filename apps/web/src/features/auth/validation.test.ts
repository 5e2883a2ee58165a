import { describe, expect, it } from 'vitest';
import { checkRegistration, checkResetRequest, checkSignIn } from './validation';

describe('checks made before any request', () => {
  it('refuses an empty or malformed email with "Invalid email"', () => {
    for (const email of ['', 'ada', 'ada@', '@example.test', 'ada@example', 'a da@example.test']) {
      expect(checkSignIn(email, 'whatever-password')).toBe('Invalid email');
      expect(checkRegistration(email, 'Plaid-Otter-Quarry-71', 'Ada')).toBe('Invalid email');
    }
  });

  it('asks for a password at sign-in and a long enough one at registration', () => {
    expect(checkSignIn('ada@example.test', '')).toBe('Invalid password');
    expect(checkSignIn('ada@example.test', 'x')).toBeNull();
    expect(checkRegistration('ada@example.test', 'short', 'Ada')).toBe(
      'Your password is too weak. Please try another one.',
    );
    expect(checkRegistration('ada@example.test', 'Plaid-Otter-Quarry-71', '')).toBe('Please enter your name');
    expect(checkRegistration('ada@example.test', 'Plaid-Otter-Quarry-71', 'Ada')).toBeNull();
  });

  it('asks for an email before sending a reset link', () => {
    expect(checkResetRequest('')).toBe('Please enter your email');
    expect(checkResetRequest('ada')).toBe('Invalid email');
    expect(checkResetRequest('ada@example.test')).toBeNull();
  });
});
