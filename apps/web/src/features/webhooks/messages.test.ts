import { describe, expect, it } from 'vitest';
import { ApiRequestError } from '../../lib/api';
import { refusedUrlMessage, webhookErrorMessage } from './messages';

const fallback = 'The webhook could not be added. Please try again.';

describe('webhookErrorMessage', () => {
  it('shows the server’s own words for a refused URL or the limit', () => {
    const https = new ApiRequestError(400, 'webhooks/invalid-url', null, 'url: the URL must use https');
    expect(webhookErrorMessage(https, fallback)).toBe('url: the URL must use https');
    const tooMany = new ApiRequestError(409, 'webhooks/too-many', null, 'A project may have at most 20 webhooks');
    expect(webhookErrorMessage(tooMany, fallback)).toBe('A project may have at most 20 webhooks');
  });

  it('says who manages webhooks, and that a deleted one is gone', () => {
    const forbidden = new ApiRequestError(403, 'projects/forbidden', null, 'Forbidden');
    expect(webhookErrorMessage(forbidden, fallback)).toBe('Only the project’s admins and owner manage its webhooks.');
    const missing = new ApiRequestError(404, 'webhooks/not-found', null, 'No such webhook');
    expect(webhookErrorMessage(missing, fallback)).toBe(
      'This webhook no longer exists, or this delivery is no longer kept.',
    );
  });

  it('falls back for server failures, answers without a message and network errors', () => {
    expect(webhookErrorMessage(new ApiRequestError(500, 'internal', null, 'Internal error'), fallback)).toBe(fallback);
    expect(webhookErrorMessage(new ApiRequestError(409, null, null), fallback)).toBe(fallback);
    expect(webhookErrorMessage(new TypeError('Failed to fetch'), fallback)).toBe(fallback);
  });
});

describe('refusedUrlMessage', () => {
  it('gives a refused URL’s reason as a sentence for the URL field', () => {
    const refused = new ApiRequestError(400, 'webhooks/invalid-url', null, 'url: the URL must be on a public address');
    expect(refusedUrlMessage(refused)).toBe('The URL must be on a public address.');
  });

  it('is undefined for every other refusal', () => {
    expect(refusedUrlMessage(new ApiRequestError(409, 'webhooks/too-many', null, 'At most 20'))).toBeUndefined();
    expect(refusedUrlMessage(new ApiRequestError(400, 'webhooks/invalid-url', null))).toBeUndefined();
    expect(refusedUrlMessage(new TypeError('Failed to fetch'))).toBeUndefined();
  });
});
