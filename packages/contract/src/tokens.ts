import { z } from 'zod';

/** Personal API tokens (issue 27): a script acts as its owner, within the token's scope and projects. */
export const tokenLimits = {
  /** Tokens one person may hold at once. */
  perPerson: 50,
  nameMaxLength: 100,
  /** A token without `expires_at` expires this many days after it is made. */
  defaultDays: 30,
  /** `expires_at` may be at most this many days ahead. */
  maxDays: 365,
  /** Projects one token may be limited to. */
  projectsMax: 100,
  /** Every token starts so: the server tells a token from an ID token by it, and secret scanners find it. */
  prefix: 'dh_',
  /** Base62 characters after the prefix: about 238 bits. */
  secretLength: 40,
  /** The last characters of the token, kept to tell tokens apart in a list. */
  hintLength: 4,
  /** `last_used_at` is written at most this often per token. */
  lastUsedPrecisionMs: 60_000,
} as const;

/** `read` allows GET only; `write` allows everything its owner may do, but manage tokens, webhooks or sign-in. */
export const tokenScopes = ['read', 'write'] as const;
export const TokenScope = z.enum(tokenScopes);
export type TokenScope = z.infer<typeof TokenScope>;

export const TokenParams = z.object({ tokenId: z.uuid() });

export const CreateTokenInput = z.object({
  name: z.string().trim().min(1, 'Give the token a name').max(tokenLimits.nameMaxLength),
  scope: TokenScope,
  /** Limits the token to these projects (the owner's); absent, it reaches all the owner's projects. */
  project_ids: z.array(z.uuid()).min(1).max(tokenLimits.projectsMax).optional(),
  /** At most a year ahead; 30 days from now when absent. */
  expires_at: z.iso.datetime({ offset: true }).optional(),
});
export type CreateTokenInput = z.infer<typeof CreateTokenInput>;

export const ApiToken = z.object({
  id: z.uuid(),
  name: z.string(),
  scope: TokenScope,
  project_ids: z.array(z.uuid()).nullable(),
  /** The token's last 4 characters. */
  token_hint: z.string(),
  created_at: z.string(),
  expires_at: z.string().nullable(),
  last_used_at: z.string().nullable(),
});
export type ApiToken = z.infer<typeof ApiToken>;

/** The answer to a creation: the only time the secret is shown. */
export const CreatedApiToken = ApiToken.extend({ token: z.string() });
export type CreatedApiToken = z.infer<typeof CreatedApiToken>;
