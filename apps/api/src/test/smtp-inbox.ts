import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import type { Db } from '../db/client.ts';
import { deliverDueMail } from '../modules/mail/mail.service.ts';
import { createMailTransport, type MailTransport } from '../modules/mail/mail-transport.ts';

export interface ReceivedMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The links of the text part, in order. */
  links: string[];
}

/**
 * A real SMTP server on loopback, in the test process: the API's mail goes through nodemailer and
 * the network to it, and tests read what arrived. `stop()` and `start()` on the same port simulate
 * an outage.
 */
export interface SmtpInbox {
  readonly url: string;
  readonly mails: ReceivedMail[];
  /** Mails to `to` (all of them when omitted), waiting up to `timeoutMs` for at least `count`. */
  waitFor(to?: string, count?: number, timeoutMs?: number): Promise<ReceivedMail[]>;
  /**
   * Runs the outbox worker over `db` (as the API process would) until `count` mails to `to` have
   * arrived or `timeoutMs` passed, and returns the mails to `to`. Requests that answer before they
   * queue their mail (password recovery) are covered by the waiting.
   */
  deliver(db: Db, to: string, count?: number, timeoutMs?: number): Promise<ReceivedMail[]>;
  /** Closes the server (and the worker's transport). */
  stop(): Promise<void>;
  start(): Promise<void>;
}

export async function startSmtpInbox(): Promise<SmtpInbox> {
  const mails: ReceivedMail[] = [];
  let port = 0;
  let server: SMTPServer | undefined;

  const listen = async () => {
    const s = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, _session, callback) {
        simpleParser(stream)
          .then((parsed) => {
            const to = Array.isArray(parsed.to) ? parsed.to[0] : parsed.to;
            const text = parsed.text ?? '';
            mails.push({
              to: to?.value[0]?.address ?? '',
              subject: parsed.subject ?? '',
              text,
              html: typeof parsed.html === 'string' ? parsed.html : '',
              links: text.match(/https?:\/\/\S+/g) ?? [],
            });
            callback();
          })
          .catch(callback);
      },
    });
    await new Promise<void>((resolve, reject) => {
      s.once('error', reject);
      s.listen(port, '127.0.0.1', () => resolve());
    });
    port = (s.server.address() as AddressInfo).port;
    server = s;
  };
  await listen();

  let transport: MailTransport | undefined;
  const inbox: SmtpInbox = {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    async waitFor(to, count = 1, timeoutMs = 5_000) {
      const deadline = Date.now() + timeoutMs;
      const matching = () => mails.filter((m) => to === undefined || m.to === to);
      while (matching().length < count && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 20));
      }
      return matching();
    },
    async deliver(db, to, count = 1, timeoutMs = 5_000) {
      transport ??= createMailTransport({
        smtpUrl: inbox.url,
        from: 'Acervo <teste@acervo.app>',
        dataDir: '.',
      });
      const deadline = Date.now() + timeoutMs;
      const matching = () => mails.filter((m) => m.to === to);
      while (matching().length < count && Date.now() < deadline) {
        await deliverDueMail(db, transport);
        await new Promise((r) => setTimeout(r, 20));
      }
      return matching();
    },
    async stop() {
      transport?.close();
      transport = undefined;
      const s = server;
      server = undefined;
      if (s) await new Promise<void>((resolve) => s.close(() => resolve()));
    },
    start: listen,
  };
  return inbox;
}
