import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import type { Db } from '../db/client.ts';
import { deliverDueMail } from '../modules/mail/mail.service.ts';
import { createMailTransport, type MailTransport } from '../modules/mail/mail-transport.ts';
import { parseMail, type ReceivedMail } from './parse-mail.ts';

/**
 * A real SMTP server on loopback, in the test process: the API's mail goes through nodemailer and
 * the network to it, and tests read what arrived. `stop()` and `start()` on the same port simulate
 * an outage.
 */
/** A mail as it arrived, with the recipients of the SMTP envelope (who really got it). */
export type InboxMail = ReceivedMail & { envelopeTo: string[] };

export interface SmtpInbox {
  readonly url: string;
  readonly mails: InboxMail[];
  /**
   * Runs the outbox worker over `db` (as the API process would) until `count` mails to `to` have
   * arrived or `timeoutMs` passed, and returns the mails to `to`. Requests that answer before they
   * queue their mail (password recovery) are covered by the waiting.
   */
  deliver(db: Db, to: string, count?: number, timeoutMs?: number): Promise<InboxMail[]>;
  /** Closes the server (and the worker's transport). */
  stop(): Promise<void>;
  start(): Promise<void>;
}

export async function startSmtpInbox(): Promise<SmtpInbox> {
  const mails: InboxMail[] = [];
  let port = 0;
  let server: SMTPServer | undefined;

  const listen = async () => {
    const s = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, session, callback) {
        parseMail(stream)
          .then((mail) => {
            mails.push({ ...mail, envelopeTo: session.envelope.rcptTo.map((r) => r.address) });
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
