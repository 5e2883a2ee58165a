import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { startOidcIssuer } from '@deckhand/testkit/oidc-issuer';
import { type SmtpReceiver, startSmtpReceiver } from '@deckhand/testkit/smtp-receiver';
import { mailboxUrlVariable, rememberStack, stopStack } from './stack';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const serverEntry = path.join(repoRoot, 'apps/server/dist/main.js');
const webIndex = path.join(repoRoot, 'apps/web/dist/index.html');
/** First start initialises an embedded PostgreSQL (a few seconds); a slow machine gets generous room. */
const startupTimeoutMs = 90_000;

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

async function isAnswering(url: string): Promise<boolean> {
  try {
    return (await fetch(url)).ok;
  } catch {
    // Connection refused: nothing listens yet.
    return false;
  }
}

async function waitForHealth(server: ChildProcess, healthUrl: string): Promise<void> {
  const deadline = Date.now() + startupTimeoutMs;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`The server exited with code ${server.exitCode} while starting`);
    if (await isAnswering(healthUrl)) return;
    await delay(200);
  }
  throw new Error(`The server did not answer ${healthUrl} within ${startupTimeoutMs} ms`);
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
  const healthUrl = `http://127.0.0.1:${port}/api/health`;
  if (await isAnswering(healthUrl)) throw new Error(`Port ${port} is already in use: stop that server or set E2E_PORT`);

  const receiver = await startSmtpReceiver();
  // A real OIDC issuer stands in for Google; its sign-in page asks for an email and a name.
  const issuer = await startOidcIssuer({ redirectUris: [`http://localhost:${port}/api/auth/oidc/google/callback`] });
  const mailbox = await startMailbox(receiver);
  const mailboxAddress = mailbox.address();
  if (typeof mailboxAddress !== 'object' || mailboxAddress === null) throw new Error('The mailbox has no port');
  // Workers are started after global setup and inherit this environment.
  process.env[mailboxUrlVariable] = `http://127.0.0.1:${mailboxAddress.port}`;

  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'deckhand-e2e-'));
  const server = spawn(process.execPath, [serverEntry], {
    cwd: repoRoot,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://localhost:${port}`,
      DATA_DIR: dataDir,
      SMTP_URL: receiver.url,
      LOG_LEVEL: 'warn',
      // API calls that set accounts up carry a made-up X-Forwarded-For (support/accounts.ts), so they do not use up
      // the per-address registration limit of the browser, which sends no such header.
      TRUST_PROXY: 'true',
      // The instance admin is one known address (e2e/support/admin.ts), not whichever test registers first.
      ADMIN_EMAILS: 'admin@example.test',
      OIDC_GOOGLE_ISSUER: issuer.issuer,
      OIDC_GOOGLE_CLIENT_ID: issuer.clientId,
      OIDC_GOOGLE_CLIENT_SECRET: issuer.clientSecret,
    },
  });
  rememberStack({ receiver, issuer, mailbox, server, dataDir });
  try {
    await waitForHealth(server, healthUrl);
  } catch (error) {
    await stopStack();
    throw error;
  }
}
