import { z } from 'zod';

/** Runtime configuration the web app loads at start, so one build serves every instance. No secrets. */
export const ClientConfig = z.object({
  version: z.string(),
  oidc_google_enabled: z.boolean(),
});
export type ClientConfig = z.infer<typeof ClientConfig>;
