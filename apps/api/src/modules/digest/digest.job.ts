import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { runDigests } from './digest.service.ts';

export interface DigestJob {
  /** Waits for the run in progress, then stops. */
  stop(): Promise<void>;
}

/**
 * Looks for people due a digest every `intervalMs` in every API process; `runDigests` claims each
 * person with `SKIP LOCKED`, so several processes never queue one digest twice. A run takes at
 * most `batchSize` people; the next run goes on where it stopped.
 */
export function startDigestJob(
  db: Db,
  log: FastifyBaseLogger,
  { publicUrl, intervalMs, batchSize }: { publicUrl: string; intervalMs: number; batchSize: number },
): DigestJob {
  let running: Promise<void> = Promise.resolve();
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  // The next run is scheduled when the previous one ends, so runs never overlap in one process.
  const schedule = () => {
    timer = setTimeout(() => {
      running = runDigests(db, { publicUrl, batchSize })
        .then(
          (report) => {
            if (report.sent || report.skipped) log.info(report, 'digests queued');
          },
          (err: unknown) => log.warn({ err }, 'digest run failed'),
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
    },
  };
}
