import { useEffect, useState } from 'react';
import { type Config, loadClientConfig } from './client-config';

/**
 * This instance's runtime configuration for a component, null until it has arrived (or when it could not be loaded),
 * for pages that show before TanStack Query is loaded: the sign-in page.
 */
export function useClientConfig(): Config | null {
  const [config, setConfig] = useState<Config | null>(null);
  useEffect(() => {
    let current = true;
    loadClientConfig()
      .then((loaded) => {
        if (current) setConfig(loaded);
      })
      .catch((error: unknown) => console.warn('The client configuration could not be loaded', error));
    return () => {
      current = false;
    };
  }, []);
  return config;
}
