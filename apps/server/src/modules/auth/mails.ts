import { mailHtml } from '../../platform/html';
import type { MailMessage } from '../../platform/mail';

export function verificationMail(to: string, name: string, url: string): MailMessage {
  const lines = [`Hi ${name},`, 'Please confirm that this is your email address for Deckhand.'];
  return {
    to,
    subject: 'Verify your email for Deckhand',
    text: `${lines.join('\n\n')}\n\n${url}\n\nThe link works for 48 hours. If you did not create an account, ignore this mail.\n`,
    html: mailHtml([...lines, 'The link works for 48 hours.'], { label: 'Verify email', url }),
  };
}

export function passwordResetMail(to: string, url: string): MailMessage {
  const lines = ['Someone asked to reset the password of your Deckhand account.'];
  return {
    to,
    subject: 'Reset your Deckhand password',
    text: `${lines.join('\n\n')}\n\n${url}\n\nThe link works once, for one hour. If it was not you, ignore this mail: your password stays as it is.\n`,
    html: mailHtml([...lines, 'The link works once, for one hour. If it was not you, ignore this mail.'], {
      label: 'Choose a new password',
      url,
    }),
  };
}
