import { ClientConfig } from '@deckhand/contract/client-config';
import { apiData } from './api';
import type { Camelize } from './case';

export type Config = Camelize<ClientConfig>;

let loading: Promise<Config> | null = null;

/**
 * This instance's runtime configuration (GET /api/client-config), asked for once per page load: error reporting and
 * the sign-in page both need it as they start. A failed request is made again at the next call.
 */
export function loadClientConfig(): Promise<Config> {
  loading ??= apiData(ClientConfig, 'client-config').catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
}
