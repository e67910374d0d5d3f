import { openDb } from './db/client.ts';
import { migrate } from './db/migrate.ts';
import { buildApp } from './app.ts';
import { loadConfig } from './env.ts';
import { purgeExpiredSessions } from './modules/auth/auth.service.ts';
import { createMailTransport } from './modules/mail/mail-transport.ts';
import { startMailWorker } from './modules/mail/mail-worker.ts';
import { startRecommendationJob } from './modules/recommendation/recommendation.job.ts';

/** Starts Acervo: configuration, database (migrated), HTTP server, graceful shutdown. */
async function main(): Promise<void> {
  const config = loadConfig();
  const db = await openDb({
    databaseUrl: config.DATABASE_URL,
    dataDir: config.DATA_DIR,
    poolSize: config.DATABASE_POOL_SIZE,
  });
  await migrate(db);
  const app = await buildApp({ config, db });

  const purge = setInterval(() => {
    purgeExpiredSessions(db).catch((err: unknown) => app.log.warn({ err }, 'session purge failed'));
  }, 3_600_000);
  purge.unref();

  const transport = createMailTransport({
    smtpUrl: config.SMTP_URL,
    from: config.MAIL_FROM,
    dataDir: config.DATA_DIR,
    onFileWritten: (file, links) => app.log.info({ file, links }, 'mail written (no SMTP_URL)'),
  });
  const mailWorker = startMailWorker(db, transport, app.log);
  const recommendations = startRecommendationJob(db, app.log, config.RECOMMEND_REFRESH_SECONDS * 1000);

  let closing = false;
  // Responses finished during shutdown close their keep-alive connection, so the server can
  // stop as soon as the last in-flight request is answered.
  app.addHook('onSend', async (_request, reply) => {
    if (closing) reply.header('connection', 'close');
  });
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    clearInterval(purge);
    // Stops accepting connections and waits for in-flight requests; then the database closes.
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    try {
      await app.close();
      // A mail being sent finishes first; whatever is still queued waits in the outbox.
      await mailWorker.stop();
      await recommendations.stop();
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
