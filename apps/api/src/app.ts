import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyInstance, type FastifyRequest, type RouteOptions } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { DestinationStream } from 'pino';
import type { Db } from './db/client.ts';
import type { Config } from './env.ts';
import { newId } from './lib/ids.ts';
import { redactUrl } from './lib/tokens.ts';
import { accountRoutes } from './modules/account/account.routes.ts';
import { exportBackRoutes } from './modules/export-back/export-back.routes.ts';
import { analyticsRoutes } from './modules/analytics/analytics.routes.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { googleSessionRoutes } from './modules/auth/google.routes.ts';
import { captchaRoutes } from './modules/captcha/captcha.routes.ts';
import { createCaptchaVerifier } from './modules/captcha/captcha.service.ts';
import { categoryRoutes } from './modules/category/category.routes.ts';
import { collaboratorRoutes } from './modules/collaborator/collaborator.routes.ts';
import { commentRoutes } from './modules/comment/comment.routes.ts';
import { collectionItemRoutes } from './modules/collection-item/collection-item.routes.ts';
import { registerCategoryPages } from './modules/collection/category-pages.ts';
import { collectionRoutes } from './modules/collection/collection.routes.ts';
import { configRoutes } from './modules/config/config.routes.ts';
import { contactRoutes } from './modules/contact/contact.routes.ts';
import { digestRoutes } from './modules/digest/digest.routes.ts';
import { emailRoutes } from './modules/email/email.routes.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { mediaFileRoutes, pictureRoutes } from './modules/media/media.routes.ts';
import { mediaStorageFor } from './modules/media/media.storage.ts';
import { imageFileRoutes, imageRoutes } from './modules/media/image.routes.ts';
import { importRoutes } from './modules/import/import.routes.ts';
import { pictureUploads } from './modules/media/picture-uploads.ts';
import { loadImageSigningKey } from './modules/media/image-urls.ts';
import { passwordRoutes } from './modules/password/password.routes.ts';
import { LiveEvents } from './modules/notification/live-events.ts';
import { notificationRoutes } from './modules/notification/notification.routes.ts';
import { searchRoutes } from './modules/search/search.routes.ts';
import { followRoutes } from './modules/follow/follow.routes.ts';
import { blockRoutes } from './modules/block/block.routes.ts';
import { moderationRoutes } from './modules/moderation/moderation.routes.ts';
import { reactionRoutes } from './modules/reaction/reaction.routes.ts';
import { recommendationRoutes } from './modules/recommendation/recommendation.routes.ts';
import { saveRoutes } from './modules/save/save.routes.ts';
import { renderIndexPage, shareRoutes } from './modules/share/share.routes.ts';
import { statsRoutes } from './modules/stats/stats.routes.ts';
import { tasteCardRoutes, tasteRoutes } from './modules/taste/taste.routes.ts';
import { recapPictureRoutes, recapRoutes } from './modules/recap/recap.routes.ts';
import { timelineRoutes } from './modules/timeline/timeline.routes.ts';
import { userRoutes } from './modules/user/user.routes.ts';
import { heavyReads } from './lib/heavy-reads.ts';
import { stampRequestAge } from './lib/request-age.ts';
import { registerAuthentication } from './plugins/authentication.ts';
import { registerCompression } from './plugins/compression.ts';
import { handleError, registerErrorHandler } from './plugins/error-handler.ts';
import { registerOpenApi } from './plugins/openapi.ts';
import { registerRateLimit } from './plugins/rate-limit.ts';
import { registerSecurityHeaders } from './plugins/security-headers.ts';
import { serializerCompiler } from './plugins/serializer.ts';
import { registerWebApp } from './plugins/web-app.ts';

export interface BuildAppOptions {
  config: Config;
  db: Db;
  /** Where logs go; defaults to stdout. Tests pass a stream to inspect them. */
  logStream?: DestinationStream;
  /** Sees every route as it is registered: the fuzz and authorization tests derive from it. */
  onRoute?: (route: RouteOptions) => void;
}

const DEFAULT_WEB_DIST = fileURLToPath(new URL('../../web/dist/', import.meta.url));

/** Anything that could carry a secret is removed from logs, whatever logged it. */
const LOG_REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'headers.authorization',
  '*.password',
  '*.password_confirmation',
  '*.access_token',
  '*.token',
  '*.credential',
  // Database errors carry the statement's parameters (PGlite) and the refused row's values in
  // `detail` (both engines): e-mails and password hashes were logged at level error (issue 14).
  'err.params',
  'err.detail',
  'err.queryOptions',
];

declare module 'fastify' {
  interface FastifyInstance {
    /** The live bell's open streams on this process; the shutdown ends them before waiting. */
    liveEvents: LiveEvents;
  }
}

export async function buildApp({
  config,
  db,
  logStream,
  onRoute,
}: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: config.LOG_LEVEL,
      redact: { paths: LOG_REDACT_PATHS, censor: '[redacted]' },
      serializers: {
        // Fastify's own request serializer, with the tokens of invite and reset links taken out
        // of the URL (issue 14).
        req: (request: FastifyRequest) => ({
          method: request.method,
          url: redactUrl(request.url),
          host: request.host,
          remoteAddress: request.ip,
          remotePort: request.socket?.remotePort,
        }),
      },
      ...(logStream ? { stream: logStream } : {}),
    },
    genReqId: () => newId(),
    bodyLimit: 64 * 1024,
    trustProxy: config.TRUST_PROXY,
    routerOptions: { ignoreTrailingSlash: true },
    // Fastify sets no limit: a partial body held a connection for 151 s (issue 14). A request must
    // arrive whole in time (else 408, checked every second rather than Node's 30; Node applies the
    // limits only when given to the http server itself), and a socket silent for three times that
    // (a client that stopped reading) is closed.
    requestTimeout: config.HTTP_REQUEST_TIMEOUT_SECONDS * 1000,
    connectionTimeout: config.HTTP_REQUEST_TIMEOUT_SECONDS * 3000,
    http: {
      requestTimeout: config.HTTP_REQUEST_TIMEOUT_SECONDS * 1000,
      headersTimeout: config.HTTP_REQUEST_TIMEOUT_SECONDS * 1000,
      connectionsCheckingInterval: 1000,
    },
    frameworkErrors: handleError,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  // Each request's arrival, for the embedded database to serve the oldest first (decision 080).
  if (db.kind === 'pglite') stampRequestAge(app);
  if (onRoute) app.addHook('onRoute', onRoute);
  // Several nodes behind a proxy: which one answered (npm run multinode, an operator's curl -I).
  const node = config.API_NODE_NAME;
  if (node) app.addHook('onRequest', async (_request, reply) => void reply.header('x-acervo-node', node));

  await registerSecurityHeaders(app, config);
  await registerCompression(app);
  await registerRateLimit(app, db);
  await registerOpenApi(app);
  await registerAuthentication(app, db, {
    idleDays: config.SESSION_IDLE_DAYS,
    cacheSeconds: config.SESSION_CACHE_SECONDS,
  });
  await registerCategoryPages(app, db);
  const storage = mediaStorageFor(config);
  await loadImageSigningKey(config);
  const captcha = await createCaptchaVerifier(db, config);
  // The live bell's streams (issue 26). They never end on their own, so closing the app ends
  // them first: otherwise the server would wait for them forever.
  const live = new LiveEvents(db, app.log);
  await live.start();
  app.decorate('liveEvents', live);
  app.addHook('preClose', () => live.close());

  // One lane of expensive reads for the API and the shared pages drawn from them (decision 059).
  // The embedded database's thread serves the oldest request first, which a narrow lane would
  // only undo (decision 080).
  const heavy = heavyReads(config.HEAVY_READS_AT_ONCE ?? (db.kind === 'pglite' ? 100 : 2));
  await app.register(
    async (api) => {
      // One budget and one set of decoding slots for every picture upload route.
      const uploads = pictureUploads(api, config);
      await api.register(categoryRoutes, { db });
      await api.register(configRoutes, { config });
      await api.register(healthRoutes, { db });
      await api.register(authRoutes, { db, config, captcha });
      await api.register(googleSessionRoutes, { db, config });
      await api.register(userRoutes, { db });
      await api.register(passwordRoutes, { db, config, captcha });
      await api.register(emailRoutes, { db, config });
      await api.register(digestRoutes, { db, config });
      await api.register(collectionRoutes, { db, storage, config });
      await api.register(collectionItemRoutes, { db, storage, config });
      await api.register(notificationRoutes, { db, live });
      await api.register(timelineRoutes, { db });
      await api.register(tasteRoutes, { db, heavy });
      await api.register(recapRoutes, { db, heavy });
      await api.register(statsRoutes, { db, heavy });
      await api.register(searchRoutes, { db, config, heavy });
      await api.register(reactionRoutes, { db, config });
      await api.register(followRoutes, { db, config, heavy });
      await api.register(blockRoutes, { db, config });
      await api.register(moderationRoutes, { db, config });
      await api.register(saveRoutes, { db, config });
      await api.register(commentRoutes, { db, config });
      await api.register(importRoutes, { db, config });
      await api.register(collaboratorRoutes, { db, config });
      await api.register(pictureRoutes, { db, storage, uploads });
      await api.register(accountRoutes, { db, storage, config });
      await api.register(exportBackRoutes, { db, config });
      await api.register(imageRoutes, { db, storage, uploads });
      await api.register(recommendationRoutes, { db, heavy });
      await api.register(analyticsRoutes, { db, config });
      await api.register(captchaRoutes, { captcha, config });
      await api.register(contactRoutes, { db, config, captcha });
    },
    { prefix: '/api/v1' },
  );
  await app.register(mediaFileRoutes, { storage });
  await app.register(imageFileRoutes, { db, storage });
  await app.register(shareRoutes, { db, config });
  await app.register(tasteCardRoutes, { db, heavy });
  await app.register(recapPictureRoutes, { db, heavy });

  await registerWebApp(app, config.WEB_DIST_DIR ?? DEFAULT_WEB_DIST, renderIndexPage(db, config, heavy));
  return app;
}
