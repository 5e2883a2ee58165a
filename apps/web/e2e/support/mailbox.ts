import { linksIn, type ReceivedMail } from '@deckhand/testkit/smtp-receiver';
import { expect } from '@playwright/test';
import { z } from 'zod';
import { mailboxUrlVariable } from './stack';

const Mails = z.array(
  z.object({ from: z.string(), to: z.array(z.string()), subject: z.string(), body: z.string(), raw: z.string() }),
);

async function listMails(to: string): Promise<ReceivedMail[]> {
  const base = process.env[mailboxUrlVariable];
  if (!base) throw new Error(`${mailboxUrlVariable} is not set: the mailbox is started by e2e/support/global-setup.ts`);
  const response = await fetch(`${base}/mails?to=${encodeURIComponent(to)}`);
  return Mails.parse(await response.json());
}

/** Waits for the first mail to `to` (matching `predicate`) that the suite's SMTP receiver got. */
export async function waitForMail(
  to: string,
  predicate: (mail: ReceivedMail) => boolean = () => true,
): Promise<ReceivedMail> {
  let found: ReceivedMail | undefined;
  await expect
    .poll(
      async () => {
        found = (await listMails(to)).find(predicate);
        return found !== undefined;
      },
      { message: `a mail to ${to}`, timeout: 15_000 },
    )
    .toBe(true);
  if (!found) throw new Error(`No mail to ${to}`);
  return found;
}

/** The first link of `mail` that contains `fragment` (the text part comes first, before the HTML one). */
export function linkIn(mail: ReceivedMail, fragment: string): string {
  const link = linksIn(mail).find((candidate) => candidate.includes(fragment));
  if (!link) throw new Error(`No link containing ${fragment} in "${mail.subject}"`);
  return link;
}
