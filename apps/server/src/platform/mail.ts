import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { uuidv7 } from './ids';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  /** Sends now; rejects if the SMTP server refuses. Use `sendInBackground` where the caller must not wait. */
  send(message: MailMessage): Promise<void>;
  /** Fire and forget: failures are logged, never thrown, so a mail outage cannot fail the request. */
  sendInBackground(message: MailMessage): void;
  close(): void;
}

/**
 * SMTP when SMTP_URL is set; otherwise each mail is written to DATA_DIR/outbox as an .eml file and
 * its path is logged, so a self-hoster without SMTP can still follow verification links.
 */
export function createMailer(options: {
  smtpUrl: string | undefined;
  from: string;
  outboxDir: string;
  log: FastifyBaseLogger;
}): Mailer {
  const { smtpUrl, from, outboxDir, log } = options;
  // nodemailer is loaded with the first mail, not at start: it costs about 3 MiB of heap and 90 ms.
  const openTransport = async () => {
    const { default: nodemailer } = await import('nodemailer');
    return smtpUrl
      ? nodemailer.createTransport(smtpUrl)
      : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  };
  let transport: ReturnType<typeof openTransport> | undefined;

  async function send(message: MailMessage): Promise<void> {
    transport ??= openTransport();
    const info = await (await transport).sendMail({ from, ...message });
    if (smtpUrl) {
      log.info({ to: message.to, subject: message.subject }, 'mail sent');
      return;
    }
    if (!('message' in info) || !Buffer.isBuffer(info.message)) throw new Error('stream transport returned no message');
    await fs.mkdir(outboxDir, { recursive: true });
    const file = path.join(outboxDir, `${new Date().toISOString().replaceAll(':', '-')}-${uuidv7()}.eml`);
    await fs.writeFile(file, info.message, { mode: 0o600 });
    log.info({ to: message.to, subject: message.subject, file }, 'mail written to outbox (SMTP_URL is not set)');
  }

  return {
    send,
    sendInBackground(message) {
      send(message).catch((err: unknown) => log.error({ err, subject: message.subject }, 'mail could not be sent'));
    },
    close() {
      void transport?.then((opened) => opened.close()).catch(() => undefined);
    },
  };
}
