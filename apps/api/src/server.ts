import { Server } from 'node:net';
import { serveBackupRequests } from './db/backup.ts';
import { openDb } from './db/client.ts';
import { startTableMaintenance } from './db/maintenance.ts';
import { protectDataDir } from './db/data-dir.ts';
import { migrate } from './db/migrate.ts';
import { buildApp } from './app.ts';
import { loadConfig } from './env.ts';
import { purgeExpiredSessions } from './modules/auth/auth.service.ts';
import { startDigestJob } from './modules/digest/digest.job.ts';
import { purgeExpiredIdempotencyKeys } from './modules/idempotency/idempotency.service.ts';
import { createMailTransport, readDkimKey } from './modules/mail/mail-transport.ts';
import { purgeOutbox } from './modules/mail/mail.service.ts';
import { localMediaDir } from './modules/media/media.storage.ts';
import { startMailWorker } from './modules/mail/mail-worker.ts';
import { startRecommendationJob } from './modules/recommendation/recommendation.job.ts';
import { startImportWorker } from './modules/import/import.job.ts';
import { purgeFinishedImports } from './modules/import/import.service.ts';

/** After the last in-flight request, how long connections kept alive may still send one (answered 503). */
const SHUTDOWN_GRACE_MS = 1_000;

/** Starts Acervo: configuration, database (migrated), HTTP server, graceful shutdown. */
async function main(): Promise<void> {
  const config = loadConfig();
  // Also on PostgreSQL: DATA_DIR keeps pictures, mails and keys there.
  protectDataDir(config.DATA_DIR);
  const db = await openDb({
    databaseUrl: config.DATABASE_URL,
    dataDir: config.DATA_DIR,
    poolSize: config.DATABASE_POOL_SIZE,
  });
  await migrate(db);
  const app = await buildApp({ config, db });

  const purge = setInterval(() => {
    purgeExpiredSessions(db).catch((err: unknown) => app.log.warn({ err }, 'session purge failed'));
    purgeExpiredIdempotencyKeys(db).catch((err: unknown) =>
      app.log.warn({ err }, 'idempotency purge failed'),
    );
    purgeOutbox(db, config.OUTBOX_RETENTION_DAYS).catch((err: unknown) =>
      app.log.warn({ err }, 'mail outbox purge failed'),
    );
    purgeFinishedImports(db, config.IMPORT_RETENTION_DAYS).catch((err: unknown) =>
      app.log.warn({ err }, 'import purge failed'),
    );
  }, 3_600_000);
  purge.unref();

  const transport = createMailTransport({
    smtpUrl: config.SMTP_URL,
    from: config.MAIL_FROM,
    dataDir: config.DATA_DIR,
    onFileWritten: (file) => app.log.info({ file }, 'mail written (no SMTP_URL): its links are in the file'),
    ...(config.MAIL_DKIM_PRIVATE_KEY_FILE && {
      dkim: readDkimKey(
        config.MAIL_DKIM_DOMAIN!,
        config.MAIL_DKIM_SELECTOR!,
        config.MAIL_DKIM_PRIVATE_KEY_FILE,
      ),
    }),
  });
  const mailWorker = startMailWorker(db, transport, app.log);
  // `npm run backup` asks the running server (the only process that may open the embedded database).
  const stopBackups = db.dumpDataDir
    ? serveBackupRequests(db, config.DATA_DIR, localMediaDir(config), app.log)
    : () => {};
  const recommendations = startRecommendationJob(db, app.log, config.RECOMMEND_REFRESH_SECONDS * 1000);
  const digests = startDigestJob(db, app.log, {
    publicUrl: config.PUBLIC_URL,
    intervalMs: config.DIGEST_INTERVAL_SECONDS * 1000,
    batchSize: config.DIGEST_BATCH_SIZE,
  });
  const imports = startImportWorker(db, app.log);
  // The embedded database has no autovacuum: statistics and dead rows are looked after here.
  const maintenance = startTableMaintenance(db, app.log);

  let closing = false;
  let inFlight = 0;
  app.server.on('request', (_req, res) => {
    inFlight += 1;
    res.on('close', () => (inFlight -= 1));
  });
  // A request that arrives during shutdown, on a connection kept alive from before, is answered
  // rather than reset (issue 14), and closes its connection; so do in-flight requests' answers.
  app.addHook('onRequest', async (_request, reply) => {
    if (!closing) return;
    return reply
      .code(503)
      .header('connection', 'close')
      .header('retry-after', '5')
      .send({
        error: { code: 'UNAVAILABLE', message: 'O servidor está reiniciando. Tente novamente em instantes.' },
      });
  });
  app.addHook('onSend', async (_request, reply) => {
    if (closing) reply.header('connection', 'close');
  });
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    // Stop accepting connections first, but keep the open ones: http.Server#close() would also
    // drop idle keep-alive connections at once, and a request already sent over one would meet a
    // reset.
    Server.prototype.close.call(app.server);
    clearInterval(purge);
    stopBackups();
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    try {
      // Event streams never finish on their own: their clients reconnect to another process.
      await app.liveEvents.close();
      // Then wait for in-flight requests, plus a moment for requests already on their way.
      do {
        while (inFlight > 0) await new Promise((r) => setTimeout(r, 10));
        await new Promise((r) => setTimeout(r, SHUTDOWN_GRACE_MS));
      } while (inFlight > 0);
      await app.close();
      // A mail being sent finishes first; whatever is still queued waits in the outbox.
      await mailWorker.stop();
      await recommendations.stop();
      await digests.stop();
      // An import stops between two batches; the next start (or another node) resumes it.
      await imports.stop();
      await maintenance.stop();
      await db.close();
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.PORT, host: config.HOST });
  app.log.info({ database: db.kind, url: `http://${config.HOST}:${config.PORT}` }, 'Acervo is listening');
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
