import { describe, expect, it } from 'vitest';
import { ApiRequestError } from '../../lib/api';
import { tokenErrorMessage } from './messages';

const fallback = 'The token could not be created. Please try again.';

describe('tokenErrorMessage', () => {
  it('shows the server’s own words for a refused token', () => {
    const tooMany = new ApiRequestError(
      409,
      'tokens/too-many',
      null,
      'You have 50 tokens, the most one person may hold: revoke one first',
    );
    expect(tokenErrorMessage(tooMany, fallback)).toBe(
      'You have 50 tokens, the most one person may hold: revoke one first',
    );
    const invalid = new ApiRequestError(400, 'tokens/invalid', null, 'expires_at: the expiry must be in the future');
    expect(tokenErrorMessage(invalid, fallback)).toBe('expires_at: the expiry must be in the future');
  });

  it('says a token revoked elsewhere is gone already', () => {
    const missing = new ApiRequestError(404, 'tokens/not-found', null, 'No such token');
    expect(tokenErrorMessage(missing, fallback)).toBe('This token was already revoked.');
  });

  it('falls back for server failures, answers without a message and network errors', () => {
    expect(tokenErrorMessage(new ApiRequestError(500, 'internal', null, 'Internal error'), fallback)).toBe(fallback);
    expect(tokenErrorMessage(new ApiRequestError(409, null, null), fallback)).toBe(fallback);
    expect(tokenErrorMessage(new TypeError('Failed to fetch'), fallback)).toBe(fallback);
  });
});
