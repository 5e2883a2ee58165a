import type { AppDeps } from '../../app-deps';
import { passwordResetMail, verificationMail } from './mails';

/** What follows a change of accounts: the `user_created` usage event, and the mails that carry one-time links. */
export function registerAuthSubscribers(deps: AppDeps): void {
  const { events } = deps;

  events.subscribe({
    name: 'auth.usage',
    on: ['user.registered'],
    handle(event) {
      void deps.usage.record({ name: 'user_created', userId: event.userId, properties: { user_id: event.userId } });
    },
  });

  // From the outbox: the link's token exists only in the event (the row keeps its hash), and a crash or an SMTP
  // failure right after the commit delays the mail instead of losing it.
  events.subscribe({
    name: 'auth.verification-mails',
    on: ['user.verification_link_issued'],
    durable: true,
    async handle(event) {
      const { mail } = event;
      const url = `${deps.config.publicUrl}/login?mode=verify&token=${encodeURIComponent(mail.token)}`;
      await deps.mailer.send(verificationMail(mail.to, mail.name, url));
    },
  });

  events.subscribe({
    name: 'auth.password-reset-mails',
    on: ['user.password_reset_link_issued'],
    durable: true,
    async handle(event) {
      const { mail } = event;
      const url = `${deps.config.publicUrl}/login?mode=reset&token=${encodeURIComponent(mail.token)}`;
      await deps.mailer.send(passwordResetMail(mail.to, url));
    },
  });
}
