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
  /** Told where each file went and which links it carries, so a newcomer can follow them. */
  onFileWritten?: (file: string, links: string[]) => void;
}

// Well below the outbox's claim lease (mail.service.ts), so a stuck server fails the attempt
// instead of letting another worker send the same row.
const SMTP_TIMEOUTS = { connectionTimeout: 30_000, greetingTimeout: 30_000, socketTimeout: 60_000 };

export function createMailTransport(options: MailTransportOptions): MailTransport {
  return options.smtpUrl ? smtpTransport(options.smtpUrl, options.from) : emlFileTransport(options);
}

function smtpTransport(url: string, from: string): MailTransport {
  const transporter = nodemailer.createTransport({ url, ...SMTP_TIMEOUTS }, { from });
  return {
    async send(mail) {
      await transporter.sendMail(mail);
    },
    close: () => transporter.close(),
  };
}

function emlFileTransport({ from, dataDir, onFileWritten }: MailTransportOptions): MailTransport {
  const dir = resolve(dataDir, 'mail');
  const transporter = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(mail) {
      const info = await transporter.sendMail({ from, ...mail });
      await mkdir(dir, { recursive: true });
      // Sortable by time, unique across processes.
      const file = join(dir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${newId()}.eml`);
      await writeFile(file, info.message as Buffer);
      onFileWritten?.(file, mail.text.match(/https?:\/\/\S+/g) ?? []);
    },
    close: () => transporter.close(),
  };
}
