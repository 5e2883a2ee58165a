import { SMTPServer } from 'smtp-server';

/** One message as it arrived: the SMTP envelope plus the decoded headers and body we need in tests. */
export interface ReceivedMail {
  from: string;
  to: string[];
  subject: string;
  /** Whole message with quoted-printable soft breaks and escapes undone, so links can be matched. */
  body: string;
  raw: string;
}

export interface SmtpReceiver {
  url: string;
  port: number;
  mails: ReceivedMail[];
  /** Resolves with the first mail to `address` matching `predicate`, waiting for it to arrive. */
  waitForMail(address: string, predicate?: (mail: ReceivedMail) => boolean, timeoutMs?: number): Promise<ReceivedMail>;
  close(): Promise<void>;
}

function decodeQuotedPrintable(text: string): string {
  return text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

function headerValue(raw: string, name: string): string {
  const head = raw.split(/\r?\n\r?\n/)[0] ?? '';
  const unfolded = head.replace(/\r?\n[ \t]+/g, ' ');
  const line = unfolded.split(/\r?\n/).find((l) => l.toLowerCase().startsWith(`${name.toLowerCase()}:`));
  return line ? line.slice(name.length + 1).trim() : '';
}

/** Extracts every http(s) link of a mail, in order. */
export function linksIn(mail: ReceivedMail): string[] {
  return [...mail.body.matchAll(/https?:\/\/[^\s"'<>]+/g)].map((m) => m[0]);
}

/** Starts a real SMTP server on 127.0.0.1 (port 0 unless given) that keeps every message in memory. */
export async function startSmtpReceiver(port = 0): Promise<SmtpReceiver> {
  const mails: ReceivedMail[] = [];
  const waiters = new Set<() => void>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        mails.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
          subject: headerValue(raw, 'Subject'),
          body: decodeQuotedPrintable(raw),
          raw,
        });
        for (const wake of waiters) wake();
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const address = server.server.address();
  const actualPort = typeof address === 'object' && address ? address.port : port;

  function waitForMail(
    to: string,
    predicate: (mail: ReceivedMail) => boolean = () => true,
    timeoutMs = 10_000,
  ): Promise<ReceivedMail> {
    const find = () => mails.find((m) => m.to.includes(to.toLowerCase()) && predicate(m));
    return new Promise((resolve, reject) => {
      const found = find();
      if (found) return resolve(found);
      const timer = setTimeout(() => {
        waiters.delete(check);
        reject(new Error(`No mail to ${to} within ${timeoutMs} ms (received: ${mails.map((m) => m.to).join('; ')})`));
      }, timeoutMs);
      function check() {
        const mail = find();
        if (!mail) return;
        clearTimeout(timer);
        waiters.delete(check);
        resolve(mail);
      }
      waiters.add(check);
    });
  }

  return {
    url: `smtp://127.0.0.1:${actualPort}`,
    port: actualPort,
    mails,
    waitForMail,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
