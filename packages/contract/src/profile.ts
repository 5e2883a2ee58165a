import { z } from 'zod';
import { nameLimits } from './auth-limits';

export const colorPattern = /^#[0-9a-f]{6}$/i;

/** The per-user profile record of spec §3. */
export const Profile = z.object({
  id: z.uuid(),
  email: z.string(),
  name: z.string(),
  avatar_url: z.string(),
  color: z.string(),
  last_project_id: z.string(),
  /** Whether the account's address is verified (the web app shows a reminder until it is). */
  email_verified: z.boolean(),
});
export type Profile = z.infer<typeof Profile>;

/** Merge update: only the fields sent change. */
export const ProfilePatch = z.strictObject({
  name: z.string().trim().min(nameLimits.minLength).max(nameLimits.maxLength).optional(),
  // https only: the CSP allows no other remote images, and http would be mixed content on https instances.
  avatar_url: z.union([z.literal(''), z.url({ protocol: /^https$/ }).max(2048)]).optional(),
  color: z.string().regex(colorPattern, 'Expected a colour like #1a2b3c').optional(),
  last_project_id: z.union([z.literal(''), z.uuid()]).optional(),
});
export type ProfilePatch = z.infer<typeof ProfilePatch>;

export const GreetingInput = z.strictObject({ email: z.string().max(1000), name: z.string().max(200) });
export type GreetingInput = z.infer<typeof GreetingInput>;

export const GreetingResult = z.object({ sent: z.boolean() });
export type GreetingResult = z.infer<typeof GreetingResult>;
