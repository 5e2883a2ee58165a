import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import type { Server } from 'node:http';
import type { OidcIssuer } from '@deckhand/testkit/oidc-issuer';
import type { SmtpReceiver } from '@deckhand/testkit/smtp-receiver';

/** What global-setup starts and global-teardown stops; both run in Playwright's main process. */
export interface E2eStack {
  receiver: SmtpReceiver;
  issuer: OidcIssuer;
  mailbox: Server;
  server: ChildProcess;
  dataDir: string;
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
  const { server, mailbox, receiver, issuer, dataDir } = stack;
  if (server.exitCode === null && server.signalCode === null) {
    const exited = once(server, 'exit');
    server.kill('SIGTERM');
    await exited;
  }
  await new Promise<void>((resolve) => mailbox.close(() => resolve()));
  await receiver.close();
  await issuer.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
