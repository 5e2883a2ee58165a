import type { EventBase } from '../../platform/domain-events';

/**
 * The verification mail as of the moment its link was issued. The token exists nowhere else (the row keeps its
 * hash), so it rides the outbox until the mail has gone.
 */
export interface VerificationMail {
  to: string;
  name: string;
  token: string;
}

/** The password-reset mail as of the moment its link was issued; like `VerificationMail`, it carries the token. */
export interface PasswordResetMail {
  to: string;
  token: string;
}

/** The domain events of accounts. */
export interface AuthEvents {
  /**
   * A new account with its profile: signed up with a password, or at a first federated sign-in. `actor` is the new
   * account itself.
   */
  'user.registered': EventBase & { userId: string; via: 'password' | 'oidc' };
  /** A fresh link that verifies the address was issued (at sign-up, or sent again); earlier ones stopped working. */
  'user.verification_link_issued': EventBase & { userId: string; mail: VerificationMail };
  /**
   * Someone asked to reset the password of an existing account and a link was issued (none past the per-account
   * limit). `actor` is null: whoever asked is not signed in.
   */
  'user.password_reset_link_issued': EventBase & { userId: string; mail: PasswordResetMail };
}
