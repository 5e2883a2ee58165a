import { invitationLifetimeDays } from '@deckhand/contract/projects';
import { mailHtml } from '../../platform/html';
import type { MailMessage } from '../../platform/mail';

export function invitationMail(to: string, inviterName: string, projectName: string, url: string): MailMessage {
  const line = `${inviterName} invited you to the project “${projectName}” on Deckhand.`;
  const validity = `The link works for ${invitationLifetimeDays} days. Sign in or create an account, then accept.`;
  return {
    to,
    subject: `${inviterName} invited you to ${projectName} on Deckhand`,
    text: `${line}\n\n${url}\n\n${validity}\n`,
    html: mailHtml([line], { label: 'Open the invitation', url }, validity),
  };
}
