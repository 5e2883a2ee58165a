import type { ClientConfig } from '@deckhand/contract/client-config';
import { api } from './api';
import { type Camelize, camelize } from './case';

export type Config = Camelize<ClientConfig>;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The contract's ClientConfig, read without zod: error reporting starts from it on every page, and zod would otherwise
 * join the first load for this one answer (client-config.test.ts holds this to the schema).
 */
export function readClientConfig(value: unknown): Config {
  if (!isRecord(value)) throw new Error('The client configuration is not an object');
  const { version, oidc_google_enabled, sentry_dsn, sentry_own_intake } = value;
  const { feedback_require_name, feedback_require_email, file_max_bytes } = value;
  const valid =
    typeof version === 'string' &&
    typeof oidc_google_enabled === 'boolean' &&
    typeof sentry_dsn === 'string' &&
    typeof sentry_own_intake === 'boolean' &&
    typeof feedback_require_name === 'boolean' &&
    typeof feedback_require_email === 'boolean' &&
    typeof file_max_bytes === 'number' &&
    Number.isSafeInteger(file_max_bytes) &&
    file_max_bytes > 0;
  if (!valid) throw new Error('The client configuration does not match the contract');
  return camelize({
    version,
    oidc_google_enabled,
    sentry_dsn,
    sentry_own_intake,
    feedback_require_name,
    feedback_require_email,
    file_max_bytes,
  } satisfies ClientConfig);
}

let loading: Promise<Config> | null = null;

/**
 * This instance's runtime configuration (GET /api/client-config), asked for once per page load: error reporting and
 * the sign-in page both need it as they start. A failed request is made again at the next call.
 */
export function loadClientConfig(): Promise<Config> {
  loading ??= api('client-config')
    .then(readClientConfig)
    .catch((error: unknown) => {
      loading = null;
      throw error;
    });
  return loading;
}
