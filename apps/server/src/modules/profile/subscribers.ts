import type { AppDeps } from '../../app-deps';
import { greetingMail } from './mails';

/** What follows a change of profiles: the welcome mail. */
export function registerProfileSubscribers(deps: AppDeps): void {
  // From the outbox: the greeting is claimed once, so a crash or an SMTP failure after the claim must not lose it.
  deps.events.subscribe({
    name: 'profile.greeting-mails',
    on: ['profile.greeted'],
    durable: true,
    async handle(event) {
      const { mail } = event;
      await deps.mailer.send(greetingMail(mail.to, mail.name, `${deps.config.publicUrl}/dashboard`));
    },
  });
}
