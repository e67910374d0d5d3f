import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { repeatEvery, type RepeatingJob } from '../../lib/repeat.ts';
import { runDigests } from './digest.service.ts';

export type DigestJob = RepeatingJob;

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
  return repeatEvery(
    intervalMs,
    async () => {
      const report = await runDigests(db, { publicUrl, batchSize });
      if (report.sent || report.skipped) log.info(report, 'digests queued');
    },
    (err) => log.warn({ err }, 'digest run failed'),
  );
}
