import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect } from '@playwright/test';
import { simpleParser } from 'mailparser';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  links: string[];
}

/**
 * The e2e server runs without SMTP_URL, so its mail worker writes each mail as an .eml file under
 * `${E2E_DATA_DIR}/mail/` (what a newcomer gets in development). This reads them as a mailbox.
 */
async function readMailbox(): Promise<Mail[]> {
  const dir = join(process.env.E2E_DATA_DIR ?? '', 'mail');
  const names = await readdir(dir).catch(() => [] as string[]);
  const mails: Mail[] = [];
  for (const name of names.filter((n) => n.endsWith('.eml')).sort()) {
    const parsed = await simpleParser(await readFile(join(dir, name)));
    const to = Array.isArray(parsed.to) ? parsed.to[0] : parsed.to;
    const text = parsed.text ?? '';
    mails.push({
      to: to?.value[0]?.address ?? '',
      subject: parsed.subject ?? '',
      text,
      links: text.match(/https?:\/\/\S+/g) ?? [],
    });
  }
  return mails;
}

/** Waits (the worker polls every 2 s) for a mail to `to` with this subject and returns it. */
export async function waitForMail(to: string, subject: string): Promise<Mail> {
  let found: Mail | undefined;
  await expect
    .poll(
      async () => {
        found = (await readMailbox()).find((m) => m.to === to && m.subject === subject);
        return Boolean(found);
      },
      { timeout: 15_000, message: `a mail "${subject}" to ${to}` },
    )
    .toBe(true);
  return found!;
}
