import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { repeatEvery, type RepeatingJob } from '../../lib/repeat.ts';
import { runDueImports } from './import.service.ts';

/** `stop()` ends a run between two batches (the import resumes in the next process). */
export type ImportWorker = RepeatingJob;

/**
 * Polls the imports table every `intervalMs` in the API process; several processes may run one
 * each (claims are row locks and leases, see import.service.ts). Runs never overlap in one process.
 */
export function startImportWorker(db: Db, log: FastifyBaseLogger, intervalMs = 1_000): ImportWorker {
  return repeatEvery(
    intervalMs,
    async (stopping) => {
      const finished = await runDueImports(db, { shouldStop: stopping });
      if (finished) log.info({ finished }, 'imports finished');
    },
    (err) => log.warn({ err }, 'import run failed'),
  );
}
