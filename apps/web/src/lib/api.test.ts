import { ApiError } from '@deckhand/contract/errors';
import { describe, expect, it } from 'vitest';
import { apiErrorOf } from './api';

const bodies: unknown[] = [
  { error: { code: 'projects/not-found', message: 'No such project' } },
  { error: { code: 'some/future-code', message: '', extra: 1 }, extra: 2 },
  { error: { code: 'projects/not-found' } },
  { error: { code: 404, message: 'Not found' } },
  { error: 'projects/not-found' },
  { error: null },
  { error: [] },
  { code: 'projects/not-found', message: 'No such project' },
  [],
  null,
  'Bad gateway',
];

describe('error answers read without zod', () => {
  it('carry the code and message exactly when the body is the contract’s ApiError', () => {
    for (const body of bodies) {
      const error = apiErrorOf(418, JSON.stringify(body));
      const parsed = ApiError.safeParse(body);
      expect({ code: error.code, detail: error.detail }).toEqual(
        parsed.success
          ? { code: parsed.data.error.code, detail: parsed.data.error.message }
          : { code: null, detail: null },
      );
    }
  });

  it('tolerate a body that is not JSON, as from a proxy', () => {
    expect(apiErrorOf(502, '<html>Bad gateway</html>')).toMatchObject({ status: 502, code: null });
  });
});
