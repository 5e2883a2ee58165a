import { invitationLifetimeDays } from '@deckhand/contract/projects';
import type { MailMessage } from '../../platform/mail';

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export function invitationMail(to: string, inviterName: string, projectName: string, url: string): MailMessage {
  const line = `${inviterName} invited you to the project “${projectName}” on Deckhand.`;
  const validity = `The link works for ${invitationLifetimeDays} days. Sign in or create an account, then accept.`;
  return {
    to,
    subject: `${inviterName} invited you to ${projectName} on Deckhand`,
    text: `${line}\n\n${url}\n\n${validity}\n`,
    html: `<!doctype html><html><body style="font-family:system-ui,sans-serif;line-height:1.5;color:#1f2937">
<p>${escapeHtml(line)}</p>
<p><a href="${escapeHtml(url)}" style="display:inline-block;padding:10px 16px;background:#4f46e5;color:#fff;border-radius:6px;text-decoration:none">Open the invitation</a></p>
<p style="color:#6b7280;font-size:13px">${escapeHtml(validity)} Or open this link: ${escapeHtml(url)}</p>
</body></html>`,
  };
}
