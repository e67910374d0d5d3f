import { createPrivateKey } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import nodemailer from 'nodemailer';
import { newId } from '../../lib/ids.ts';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Where replies go (a contact message: the visitor), when not to the sender. */
  replyTo?: string;
  /** Extra headers, e.g. List-Unsubscribe (RFC 8058) on the digest. */
  headers?: Record<string, string>;
}

/** Delivers one mail or throws; the outbox worker decides about retries. */
export interface MailTransport {
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

export interface MailTransportOptions {
  /** smtp://user:pass@host:587 or smtps://…; without it mails become .eml files. */
  smtpUrl: string | undefined;
  from: string;
  /** `.eml` files go to `<dataDir>/mail/`. */
  dataDir: string;
  /**
   * Told where each file went, so a newcomer can open it. Not its links: they carry tokens that
   * reset a password or admit to a collection, and logs are no place for them.
   */
  onFileWritten?: (file: string) => void;
  /** Signs every mail (nodemailer's DKIM signer), the `.eml` files too. */
  dkim?: DkimKey;
}

/** A DKIM signing key: the domain (`d=`), the selector (`s=`) and the PEM private key. */
export interface DkimKey {
  domainName: string;
  keySelector: string;
  privateKey: string;
}

/**
 * The headers a DKIM signature covers: nodemailer's default (the fields RFC 4871 §5.5 lists) and
 * List-Unsubscribe-Post, which RFC 8058 §4 requires signed for a one-click unsubscribe to count.
 */
const DKIM_SIGNED_HEADERS = [
  'From:Sender:Reply-To:Subject:Date:Message-ID:To:Cc:MIME-Version:Content-Type',
  'Content-Transfer-Encoding:Content-ID:Content-Description:Resent-Date:Resent-From:Resent-Sender',
  'Resent-To:Resent-Cc:Resent-Message-ID:In-Reply-To:References:List-Id:List-Help',
  'List-Unsubscribe:List-Unsubscribe-Post:List-Subscribe:List-Post:List-Owner:List-Archive',
].join(':');
const dkimOptions = (dkim: DkimKey | undefined) =>
  dkim && { dkim: { ...dkim, headerFieldNames: DKIM_SIGNED_HEADERS } };

/** The DKIM key from its file, refused at start (not at the first mail) if it is not a private key. */
export function readDkimKey(domainName: string, keySelector: string, file: string): DkimKey {
  const privateKey = readFileSync(file, 'utf8');
  try {
    createPrivateKey(privateKey);
  } catch {
    throw new Error(`MAIL_DKIM_PRIVATE_KEY_FILE (${file}) does not hold a PEM private key`);
  }
  return { domainName, keySelector, privateKey };
}

// Well below the outbox's claim lease (mail.service.ts), so a stuck server fails the attempt
// instead of letting another worker send the same row.
const SMTP_TIMEOUTS = { connectionTimeout: 30_000, greetingTimeout: 30_000, socketTimeout: 60_000 };

export function createMailTransport(options: MailTransportOptions): MailTransport {
  return options.smtpUrl
    ? smtpTransport(options.smtpUrl, options.from, options.dkim)
    : emlFileTransport(options);
}

function smtpTransport(url: string, from: string, dkim: DkimKey | undefined): MailTransport {
  const transporter = nodemailer.createTransport({ url, ...SMTP_TIMEOUTS, ...dkimOptions(dkim) }, { from });
  return {
    async send(mail) {
      await transporter.sendMail(mail);
    },
    close: () => transporter.close(),
  };
}

function emlFileTransport({ from, dataDir, onFileWritten, dkim }: MailTransportOptions): MailTransport {
  const dir = resolve(dataDir, 'mail');
  const transporter = nodemailer.createTransport({
    streamTransport: true,
    buffer: true,
    newline: 'unix',
    ...dkimOptions(dkim),
  });
  return {
    async send(mail) {
      const info = await transporter.sendMail({ from, ...mail });
      await mkdir(dir, { recursive: true });
      // Sortable by time, unique across processes.
      const file = join(dir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${newId()}.eml`);
      await writeFile(file, info.message as Buffer);
      onFileWritten?.(file);
    },
    close: () => transporter.close(),
  };
}
