import type { Db } from '../apps/api/src/db/client.ts';

/**
 * The end of a bench server's life (bench/api-server.ts, bench/load/server.ts): on SIGTERM or
 * SIGINT, close the app, then the database, then whatever `drop` removes (a scratch database, a
 * temporary data directory), and exit.
 */
export function serveUntilStopped(
  app: { close(): PromiseLike<unknown> },
  db: Db,
  drop: () => Promise<void>,
): void {
  const stop = async () => {
    await app.close();
    await db.close();
    await drop();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop());
  process.on('SIGINT', () => void stop());
}
