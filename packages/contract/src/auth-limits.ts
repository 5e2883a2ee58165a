// Without zod, unlike auth.ts: the sign-in page checks its fields against these, and importing them from a module that
// builds zod schemas would bring zod into its first load.

/** NIST 800-63B bounds; the server also refuses passwords found in a common-password dictionary. */
export const passwordLimits = { minLength: 8, maxLength: 128 } as const;
export const nameLimits = { minLength: 1, maxLength: 80 } as const;
export const emailMaxLength = 254;

/** Lifetime of an ID token; the web app refreshes shortly before it ends. */
export const idTokenLifetimeSeconds = 15 * 60;
