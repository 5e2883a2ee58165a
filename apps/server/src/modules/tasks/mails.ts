import { mailHtml } from '../../platform/html';
import type { MailMessage } from '../../platform/mail';

/** A due-date reminder by mail: what the in-app notification says, and a link to the task's card. */
export function reminderMail(to: string, subject: string, line: string, cardUrl: string): MailMessage {
  const footnote = 'You get this because the task is assigned to you on Deckhand.';
  return {
    to,
    subject,
    text: `${line}\n\n${cardUrl}\n\n${footnote}\n`,
    html: mailHtml([line], { label: 'Open the card', url: cardUrl }, footnote),
  };
}
