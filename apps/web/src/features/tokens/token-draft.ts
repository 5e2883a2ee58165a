import { type CreateTokenInput, type TokenScope, tokenLimits } from '@deckhand/contract/tokens';

const dayMs = 24 * 60 * 60 * 1000;

/**
 * The longest choice stops this much short of the server's limit: the server measures a year from its own clock,
 * and a browser's clock a few minutes ahead would otherwise be refused.
 */
const clockMarginMs = 60 * 60 * 1000;

/** The expiries offered; 30 days is the server's default. */
export const expiryChoices = [
  { days: 7, label: '7 days' },
  { days: 30, label: '30 days' },
  { days: 90, label: '90 days' },
  { days: tokenLimits.maxDays, label: '1 year' },
] as const;
export type ExpiryDays = (typeof expiryChoices)[number]['days'];

export function isExpiryDays(value: number): value is ExpiryDays {
  return expiryChoices.some((choice) => choice.days === value);
}

export interface TokenDraft {
  name: string;
  scope: TokenScope;
  /** Empty: every project the person is in, now or later. */
  projectIds: string[];
  expiryDays: ExpiryDays;
}

export type TokenDraftErrors = Partial<Record<'name' | 'projectIds', string>>;

/** Read only by default: the smaller power is the one to grant without thinking. */
export const emptyTokenDraft: TokenDraft = {
  name: '',
  scope: 'read',
  projectIds: [],
  expiryDays: tokenLimits.defaultDays,
};

/** The same rules as the contract's CreateTokenInput, worded for people. */
export function checkTokenDraft(draft: TokenDraft): TokenDraftErrors {
  const errors: TokenDraftErrors = {};
  const name = draft.name.trim();
  if (name === '') errors.name = 'Give the token a name, such as the script that will use it.';
  if (name.length > tokenLimits.nameMaxLength) {
    errors.name = `Keep the name to ${tokenLimits.nameMaxLength} characters or fewer.`;
  }
  if (draft.projectIds.length > tokenLimits.projectsMax) {
    errors.projectIds = `Choose at most ${tokenLimits.projectsMax} projects, or none for all of them.`;
  }
  return errors;
}

/** When a token made at `nowMs` with this choice expires, in ms since the epoch. */
export function expiryTimeOf(days: ExpiryDays, nowMs: number): number {
  if (days >= tokenLimits.maxDays) return nowMs + tokenLimits.maxDays * dayMs - clockMarginMs;
  return nowMs + days * dayMs;
}

/** The request for a draft, in wire names. The default expiry is left to the server, whose clock decides it. */
export function createTokenInputFrom(draft: TokenDraft, nowMs: number): CreateTokenInput {
  const input: CreateTokenInput = { name: draft.name.trim(), scope: draft.scope };
  if (draft.projectIds.length > 0) input.project_ids = draft.projectIds;
  if (draft.expiryDays !== tokenLimits.defaultDays) {
    input.expires_at = new Date(expiryTimeOf(draft.expiryDays, nowMs)).toISOString();
  }
  return input;
}
