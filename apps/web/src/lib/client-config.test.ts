import { ClientConfig } from '@deckhand/contract/client-config';
import { describe, expect, it } from 'vitest';
import { camelize } from './case';
import { readClientConfig } from './client-config';

const valid = {
  version: '1.2.3',
  oidc_google_enabled: true,
  sentry_dsn: 'https://public@reports.example.test/1',
  sentry_own_intake: true,
  feedback_require_name: false,
  feedback_require_email: true,
  file_max_bytes: 104_857_600,
};

const answers: unknown[] = [
  valid,
  { ...valid, added_later: 'ignored' },
  { ...valid, sentry_dsn: '' },
  { ...valid, file_max_bytes: 1 },
  { ...valid, file_max_bytes: 0 },
  { ...valid, file_max_bytes: -5 },
  { ...valid, file_max_bytes: 1.5 },
  { ...valid, file_max_bytes: Number.MAX_SAFE_INTEGER + 2 },
  { ...valid, file_max_bytes: '100' },
  { ...valid, version: 3 },
  { ...valid, oidc_google_enabled: 'true' },
  { ...valid, feedback_require_email: null },
  ...Object.keys(valid).map((key) => Object.fromEntries(Object.entries(valid).filter(([name]) => name !== key))),
  null,
  [],
  'config',
];

describe('the client configuration read without zod', () => {
  it('accepts and refuses what the contract schema accepts and refuses, and reads the same values', () => {
    for (const answer of answers) {
      const parsed = ClientConfig.safeParse(answer);
      if (parsed.success) expect(readClientConfig(answer)).toEqual(camelize(parsed.data));
      else expect(() => readClientConfig(answer)).toThrow();
    }
  });

  it('reads every field the contract declares', () => {
    expect(Object.keys(readClientConfig(valid))).toEqual(Object.keys(camelize(ClientConfig.parse(valid))));
    expect(Object.keys(valid)).toEqual(Object.keys(ClientConfig.shape));
  });
});
