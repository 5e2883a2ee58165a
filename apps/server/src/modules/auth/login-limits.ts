import type { Limit } from '../../platform/rate-limit';

const minute = 60_000;

/**
 * Failed sign-ins are counted per account and address (stops guessing one account from one place),
 * per address (stops spraying many accounts) and per account from everywhere (stops distributed
 * guessing) — each window short enough that a stranger cannot lock the owner out for long.
 */
export const loginLimits = {
  accountAndAddress: { name: 'login-fail-acct-ip', max: 10, windowMs: 15 * minute },
  address: { name: 'login-fail-ip', max: 50, windowMs: 15 * minute },
  account: { name: 'login-fail-acct', max: 100, windowMs: 60 * minute },
} satisfies Record<string, Limit>;

export const registrationLimit: Limit = { name: 'register-ip', max: 20, windowMs: 60 * minute };
export const resetRequestLimits = {
  address: { name: 'reset-ip', max: 20, windowMs: 15 * minute },
  account: { name: 'reset-acct', max: 3, windowMs: 15 * minute },
} satisfies Record<string, Limit>;
export const verificationMailLimit: Limit = { name: 'verify-mail', max: 3, windowMs: 10 * minute };
