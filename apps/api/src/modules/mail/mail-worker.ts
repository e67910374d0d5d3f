import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { repeatEvery } from '../../lib/repeat.ts';
import { deliverDueMail } from './mail.service.ts';
import type { MailTransport } from './mail-transport.ts';

export interface MailWorker {
  /** Waits for the run in progress, then stops polling and closes the transport. */
  stop(): Promise<void>;
}

/**
 * Polls the outbox every `intervalMs` in the API process. Several processes may run one each:
 * `deliverDueMail` claims rows so that each is sent by one of them.
 */
export function startMailWorker(
  db: Db,
  transport: MailTransport,
  log: FastifyBaseLogger,
  intervalMs = 2_000,
): MailWorker {
  const job = repeatEvery(
    intervalMs,
    async () => {
      const report = await deliverDueMail(db, transport);
      if (report.sent || report.failed) log.info(report, 'mail outbox delivered');
    },
    (err) => log.warn({ err }, 'mail outbox run failed'),
  );
  return {
    async stop() {
      await job.stop();
      transport.close();
    },
  };
}
