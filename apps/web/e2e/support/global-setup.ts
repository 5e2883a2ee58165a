import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startOidcIssuer } from '@deckhand/testkit/oidc-issuer';
import { type SmtpReceiver, startSmtpReceiver } from '@deckhand/testkit/smtp-receiver';
import { isAnswering, serverEntry, startServerProcess } from './server-process';
import { mailboxUrlVariable, rememberStack, stopStack } from './stack';

const webIndex = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../dist/index.html');

/** Lists received mails as JSON so tests in worker processes can read them: GET /mails?to=<address>. */
function startMailbox(receiver: SmtpReceiver): Promise<http.Server> {
  const mailbox = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const to = url.searchParams.get('to')?.toLowerCase();
    const mails = receiver.mails
      .filter((mail) => to === undefined || mail.to.includes(to))
      .map(({ from, to: recipients, subject, body }) => ({ from, to: recipients, subject, body, raw: '' }));
    res.writeHead(200, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify(mails));
  });
  return new Promise((resolve, reject) => {
    mailbox.once('error', reject);
    mailbox.listen(0, '127.0.0.1', () => resolve(mailbox));
  });
}

/**
 * Starts a real SMTP receiver, a mailbox endpoint for the workers, a real OIDC issuer, and the built server on a
 * fresh data dir.
 */
export default async function globalSetup(): Promise<void> {
  for (const file of [serverEntry, webIndex]) {
    if (!fs.existsSync(file)) throw new Error(`${file} is missing: run "npm run build" before the E2E suite`);
  }
  const port = Number(process.env.E2E_PORT ?? 3199);
  if (await isAnswering(`http://127.0.0.1:${port}/api/health`))
    throw new Error(`Port ${port} is already in use: stop that server or set E2E_PORT`);

  const receiver = await startSmtpReceiver();
  // A real OIDC issuer stands in for Google; its sign-in page asks for an email and a name.
  const issuer = await startOidcIssuer({ redirectUris: [`http://localhost:${port}/api/auth/oidc/google/callback`] });
  const mailbox = await startMailbox(receiver);
  const mailboxAddress = mailbox.address();
  if (typeof mailboxAddress !== 'object' || mailboxAddress === null) throw new Error('The mailbox has no port');
  // Workers are started after global setup and inherit this environment.
  process.env[mailboxUrlVariable] = `http://127.0.0.1:${mailboxAddress.port}`;

  try {
    const server = await startServerProcess(port, {
      SMTP_URL: receiver.url,
      // API calls that set accounts up carry a made-up X-Forwarded-For (support/accounts.ts), so they do not use up
      // the per-address registration limit of the browser, which sends no such header.
      TRUST_PROXY: 'true',
      // The instance admin is one known address (e2e/support/admin.ts), not whichever test registers first.
      ADMIN_EMAILS: 'admin@example.test',
      // Small enough that files.spec.ts can pick a file over the limit without making 100 MB of it.
      FILE_MAX_BYTES: String(5 * 1024 * 1024),
      // webhooks.spec.ts receives deliveries on a loopback port over plain http, which webhooks may not use otherwise.
      WEBHOOK_ALLOWED_HOSTS: '127.0.0.1',
      OIDC_GOOGLE_ISSUER: issuer.issuer,
      OIDC_GOOGLE_CLIENT_ID: issuer.clientId,
      OIDC_GOOGLE_CLIENT_SECRET: issuer.clientSecret,
    });
    rememberStack({ receiver, issuer, mailbox, server });
  } catch (error) {
    rememberStack({ receiver, issuer, mailbox, server: null });
    await stopStack();
    throw error;
  }
}
