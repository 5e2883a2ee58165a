import { z } from 'zod';
import { nameLimits } from './auth-limits';

/** Format is checked by the server so that a bad address answers `auth/invalid-email`, not a schema error. */
const Email = z.string().max(1000);

export const RegisterInput = z.strictObject({
  email: Email,
  password: z.string().max(4096),
  name: z.string().trim().min(nameLimits.minLength).max(nameLimits.maxLength),
});
export type RegisterInput = z.infer<typeof RegisterInput>;

export const LoginInput = z.strictObject({ email: Email, password: z.string().max(4096) });
export type LoginInput = z.infer<typeof LoginInput>;

export const AuthUser = z.object({
  id: z.uuid(),
  email: z.string(),
  name: z.string(),
  email_verified: z.boolean(),
});
export type AuthUser = z.infer<typeof AuthUser>;

/** Answer of register, login and refresh; the refresh token travels only in an httpOnly cookie. */
export const AuthSession = z.object({ id_token: z.string(), user: AuthUser });
export type AuthSession = z.infer<typeof AuthSession>;

export const PasswordResetInput = z.strictObject({ email: Email });
export type PasswordResetInput = z.infer<typeof PasswordResetInput>;

export const PasswordResetConfirmInput = z.strictObject({
  token: z.string().min(1).max(200),
  password: z.string().max(4096),
});
export type PasswordResetConfirmInput = z.infer<typeof PasswordResetConfirmInput>;

export const VerifyEmailInput = z.strictObject({ token: z.string().min(1).max(200) });
export type VerifyEmailInput = z.infer<typeof VerifyEmailInput>;

export const Accepted = z.object({ status: z.literal('accepted') });
export type Accepted = z.infer<typeof Accepted>;

export const Ok = z.object({ status: z.literal('ok') });
export type Ok = z.infer<typeof Ok>;

/** Federated providers; "google" is the configured default and may point at any OIDC issuer. */
export const oidcProviders = ['google'] as const;
export type OidcProvider = (typeof oidcProviders)[number];

/** What the OIDC popup posts to its opener (same origin only) when it finishes. */
export const OidcPopupResult = z.discriminatedUnion('status', [
  z.object({
    type: z.literal('deckhand-oidc'),
    status: z.literal('ok'),
    id_token: z.string(),
    user: AuthUser,
    // True on the first federated sign-in, when the web app sends the greeting mail.
    new_user: z.boolean(),
  }),
  z.object({ type: z.literal('deckhand-oidc'), status: z.literal('error'), message: z.string() }),
]);
export type OidcPopupResult = z.infer<typeof OidcPopupResult>;
