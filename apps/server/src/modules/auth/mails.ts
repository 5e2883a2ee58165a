import type { MailMessage } from '../../platform/mail';

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function layout(paragraphs: string[], action: { label: string; url: string }): string {
  const body = paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n');
  const url = escapeHtml(action.url);
  return `<!doctype html><html><body style="font-family:system-ui,sans-serif;line-height:1.5;color:#1f2937">
${body}
<p><a href="${url}" style="display:inline-block;padding:10px 16px;background:#4f46e5;color:#fff;border-radius:6px;text-decoration:none">${escapeHtml(action.label)}</a></p>
<p style="color:#6b7280;font-size:13px">Or open this link: ${url}</p>
</body></html>`;
}

export function verificationMail(to: string, name: string, url: string): MailMessage {
  const lines = [`Hi ${name},`, 'Please confirm that this is your email address for Deckhand.'];
  return {
    to,
    subject: 'Verify your email for Deckhand',
    text: `${lines.join('\n\n')}\n\n${url}\n\nThe link works for 48 hours. If you did not create an account, ignore this mail.\n`,
    html: layout([...lines, 'The link works for 48 hours.'], { label: 'Verify email', url }),
  };
}

export function passwordResetMail(to: string, url: string): MailMessage {
  const lines = ['Someone asked to reset the password of your Deckhand account.'];
  return {
    to,
    subject: 'Reset your Deckhand password',
    text: `${lines.join('\n\n')}\n\n${url}\n\nThe link works once, for one hour. If it was not you, ignore this mail: your password stays as it is.\n`,
    html: layout([...lines, 'The link works once, for one hour. If it was not you, ignore this mail.'], {
      label: 'Choose a new password',
      url,
    }),
  };
}

export function greetingMail(to: string, name: string, url: string): MailMessage {
  const lines = [
    `Welcome to Deckhand, ${name}!`,
    'Create a project, invite your team, and keep cards, chats, tasks and files in one place.',
  ];
  return {
    to,
    subject: 'Welcome to Deckhand',
    text: `${lines.join('\n\n')}\n\n${url}\n`,
    html: layout(lines, { label: 'Open Deckhand', url }),
  };
}
