import { nameLimits } from '@deckhand/contract/auth-limits';
import { colorPattern, type ProfilePatch } from '@deckhand/contract/profile';
import type { UserProfile } from '../../lib/auth-context';

export interface ProfileDraft {
  name: string;
  color: string;
  avatarUrl: string;
}

export type ProfileErrors = Partial<Record<keyof ProfileDraft, string>>;

function isWebAddress(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'https:';
  } catch {
    return false;
  }
}

/** The same rules as the contract's ProfilePatch, worded for people. */
export function checkProfileDraft(draft: ProfileDraft): ProfileErrors {
  const errors: ProfileErrors = {};
  const name = draft.name.trim();
  if (name.length < nameLimits.minLength || name.length > nameLimits.maxLength) {
    errors.name = `Enter a name of ${nameLimits.minLength} to ${nameLimits.maxLength} characters.`;
  }
  if (!colorPattern.test(draft.color)) errors.color = 'Enter a colour as # and six hex digits, like #1a2b3c.';
  const avatarUrl = draft.avatarUrl.trim();
  if (avatarUrl !== '' && (avatarUrl.length > 2048 || !isWebAddress(avatarUrl))) {
    errors.avatarUrl = 'Enter a web address starting with https://, or leave it empty.';
  }
  return errors;
}

/** Only what changed, in the wire's field names. */
export function profilePatchFrom(draft: ProfileDraft, saved: UserProfile): ProfilePatch {
  const patch: ProfilePatch = {};
  const name = draft.name.trim();
  const avatarUrl = draft.avatarUrl.trim();
  const color = draft.color.toLowerCase();
  if (name !== saved.name) patch.name = name;
  if (color !== saved.color.toLowerCase()) patch.color = color;
  if (avatarUrl !== saved.avatarUrl) patch.avatar_url = avatarUrl;
  return patch;
}
