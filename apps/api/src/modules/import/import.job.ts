import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { runDueImports } from './import.service.ts';

export interface ImportWorker {
  /** Stops between two batches (the import resumes in the next process), then stops polling. */
  stop(): Promise<void>;
}

/**
 * Polls the imports table every `intervalMs` in the API process; several processes may run one
 * each (claims are row locks and leases, see import.service.ts). Runs never overlap in one process.
 */
export function startImportWorker(db: Db, log: FastifyBaseLogger, intervalMs = 1_000): ImportWorker {
  let running: Promise<void> = Promise.resolve();
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  const schedule = () => {
    timer = setTimeout(() => {
      running = runDueImports(db, { shouldStop: () => stopped })
        .then(
          (finished) => {
            if (finished) log.info({ finished }, 'imports finished');
          },
          (err: unknown) => log.warn({ err }, 'import run failed'),
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
