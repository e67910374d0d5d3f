// What bench/load/server.ts tells bench/load/run.ts over its stdout, one JSON object a line.
import type { MaintenanceStep } from '../../apps/api/src/db/maintenance.ts';
import type { RefreshReport } from '../../apps/api/src/modules/recommendation/recommendation.job.ts';
import type { SeedReport } from './seed.ts';

export interface Account {
  token: string;
  userId: string;
  /** Collections the account owns (up to 10): where it adds and deletes items. */
  collections: string[];
}

export interface Ready {
  ready: true;
  db: 'pglite' | 'postgres';
  port: number;
  seeded: SeedReport;
  /** BENCH_NEIGHBOURS=1: the recommendation job's neighbour lists, built before the mix. */
  neighbours: { collections: number; rows: number; seconds: number } | null;
  accounts: Account[];
  /** A sample of public collections with their owners. */
  collections: { id: string; owner: string }[];
  /** A sample of people. */
  people: string[];
  categories: string[];
}

/** Once a second: process.memoryUsage() (bytes) and the event loop's delay over that second. */
export interface ServerSample {
  rss: number;
  heapUsed: number;
  heapTotal: number;
  external: number;
  loopDelayMeanMs: number;
  loopDelayMaxMs: number;
  /** Every statement the app ran so far, by name (or its first words): how often, and for how long. */
  statements: Record<string, StatementTime>;
}

export interface StatementTime {
  count: number;
  /** From the call to its answer: on a busy pool this includes the wait for a connection. */
  ms: number;
  /** The longest one. */
  max: number;
}

/** GET /bench/rebuild: the recommendation job's run that POST /bench/rebuild started. */
export interface Rebuild {
  done: boolean;
  /** As of the last slice committed. */
  progress: RefreshReport | undefined;
  report?: RefreshReport;
  error?: string;
  /** Every statement the job's runs made so far, by its first words: where a slice's time goes. */
  statements: Record<string, StatementTime>;
  /** Every step of the table maintenance (decision 063) since the server started. */
  maintenance: MaintenanceStep[];
}
