import { describe, expect, it } from 'vitest';
import { ApiRequestError } from '../../lib/api';
import { transferErrorMessage } from './messages';

const fallback = 'The file could not be uploaded. Please try again.';

describe('transferErrorMessage', () => {
  it('shows the server’s own words for a refused file', () => {
    const unsupported = new ApiRequestError(
      415,
      'imports/unsupported-file',
      null,
      'This is neither a Deckhand export nor a Trello board.',
    );
    expect(transferErrorMessage(unsupported, fallback)).toBe('This is neither a Deckhand export nor a Trello board.');
    const tooLarge = new ApiRequestError(413, 'imports/too-large', null, 'The file is larger than 1 GB.');
    expect(transferErrorMessage(tooLarge, fallback)).toBe('The file is larger than 1 GB.');
  });

  it('says who may export rather than the bare refusal', () => {
    const forbidden = new ApiRequestError(403, 'exports/forbidden', null, 'Forbidden');
    expect(transferErrorMessage(forbidden, fallback)).toBe('Only the project’s owner and admins can export it.');
  });

  it('falls back for server failures, answers without a message and network errors', () => {
    expect(transferErrorMessage(new ApiRequestError(500, 'internal', null, 'Internal error'), fallback)).toBe(fallback);
    expect(transferErrorMessage(new ApiRequestError(400, null, null), fallback)).toBe(fallback);
    expect(transferErrorMessage(new TypeError('Network error while uploading'), fallback)).toBe(fallback);
  });
});
