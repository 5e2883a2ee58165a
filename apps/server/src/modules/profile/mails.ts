import { mailHtml } from '../../platform/html';
import type { MailMessage } from '../../platform/mail';

/** The welcome mail (commands/send-greeting.ts claims it once per person; subscribers.ts sends it). */
export function greetingMail(to: string, name: string, url: string): MailMessage {
  const lines = [
    `Welcome to Deckhand, ${name}!`,
    'Create a project, invite your team, and keep cards, chats, tasks and files in one place.',
  ];
  return {
    to,
    subject: 'Welcome to Deckhand',
    text: `${lines.join('\n\n')}\n\n${url}\n`,
    html: mailHtml(lines, { label: 'Open Deckhand', url }),
  };
}
