import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
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
  let running: Promise<void> = Promise.resolve();
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  // The next run is scheduled when the previous one ends, so runs never overlap in one process.
  const schedule = () => {
    timer = setTimeout(() => {
      running = deliverDueMail(db, transport)
        .then(
          (report) => {
            if (report.sent || report.failed) log.info(report, 'mail outbox delivered');
          },
          (err: unknown) => log.warn({ err }, 'mail outbox run failed'),
        )
        .finally(() => {
          if (!stopped) schedule();
        });
    }, intervalMs);
    timer.unref();
  };
  schedule();
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
      transport.close();
    },
  };
}
