import type { Server } from 'node:http';
import type { OidcIssuer } from '@deckhand/testkit/oidc-issuer';
import type { SmtpReceiver } from '@deckhand/testkit/smtp-receiver';
import type { ServerProcess } from './server-process';

/** What global-setup starts and global-teardown stops; both run in Playwright's main process. */
export interface E2eStack {
  receiver: SmtpReceiver;
  issuer: OidcIssuer;
  mailbox: Server;
  /** Null when it failed to start. */
  server: ServerProcess | null;
}

const running: { stack: E2eStack | null } = { stack: null };

/** Environment variable through which workers find the mailbox endpoint. */
export const mailboxUrlVariable = 'E2E_MAILBOX_URL';

export function rememberStack(stack: E2eStack): void {
  running.stack = stack;
}

/** Stops the server, the mailbox and the SMTP receiver, and removes the data dir. Safe to call twice. */
export async function stopStack(): Promise<void> {
  const { stack } = running;
  running.stack = null;
  if (!stack) return;
  const { server, mailbox, receiver, issuer } = stack;
  await server?.stop();
  await new Promise<void>((resolve) => mailbox.close(() => resolve()));
  await receiver.close();
  await issuer.close();
}
