import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { DestinationStream } from 'pino';
import type { Db } from './db/client.ts';
import type { Config } from './env.ts';
import { newId } from './lib/ids.ts';
import { accountRoutes } from './modules/account/account.routes.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { categoryRoutes } from './modules/category/category.routes.ts';
import { collaboratorRoutes } from './modules/collaborator/collaborator.routes.ts';
import { collectionItemRoutes } from './modules/collection-item/collection-item.routes.ts';
import { collectionRoutes } from './modules/collection/collection.routes.ts';
import { mediaFileRoutes, pictureRoutes } from './modules/media/media.routes.ts';
import { mediaStorageFor } from './modules/media/media.storage.ts';
import { passwordRoutes } from './modules/password/password.routes.ts';
import { notificationRoutes } from './modules/notification/notification.routes.ts';
import { searchRoutes } from './modules/search/search.routes.ts';
import { followRoutes } from './modules/follow/follow.routes.ts';
import { reactionRoutes } from './modules/reaction/reaction.routes.ts';
import { saveRoutes } from './modules/save/save.routes.ts';
import { userRoutes } from './modules/user/user.routes.ts';
import { registerAuthentication } from './plugins/authentication.ts';
import { registerCompression } from './plugins/compression.ts';
import { registerErrorHandler } from './plugins/error-handler.ts';
import { registerOpenApi } from './plugins/openapi.ts';
import { registerRateLimit } from './plugins/rate-limit.ts';
import { registerSecurityHeaders } from './plugins/security-headers.ts';
import { registerWebApp } from './plugins/web-app.ts';

export interface BuildAppOptions {
  config: Config;
  db: Db;
  /** Where logs go; defaults to stdout. Tests pass a stream to inspect them. */
  logStream?: DestinationStream;
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
];

export async function buildApp({ config, db, logStream }: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: config.LOG_LEVEL,
      redact: { paths: LOG_REDACT_PATHS, censor: '[redacted]' },
      ...(logStream ? { stream: logStream } : {}),
    },
    genReqId: () => newId(),
    bodyLimit: 64 * 1024,
    trustProxy: config.TRUST_PROXY,
    routerOptions: { ignoreTrailingSlash: true },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);

  await registerSecurityHeaders(app);
  await registerCompression(app);
  await registerRateLimit(app);
  await registerOpenApi(app);
  registerAuthentication(app, db);
  const storage = mediaStorageFor(config);

  await app.register(
    async (api) => {
      await api.register(categoryRoutes, { db });
      await api.register(authRoutes, { db, config });
      await api.register(userRoutes, { db });
      await api.register(passwordRoutes, { db, config });
      await api.register(collectionRoutes, { db });
      await api.register(collectionItemRoutes, { db });
      await api.register(notificationRoutes, { db });
      await api.register(searchRoutes, { db });
      await api.register(reactionRoutes, { db, config });
      await api.register(followRoutes, { db, config });
      await api.register(saveRoutes, { db, config });
      await api.register(collaboratorRoutes, { db, config });
      await api.register(pictureRoutes, { db, storage });
      await api.register(accountRoutes, { db, storage });
    },
    { prefix: '/api/v1' },
  );
  await app.register(mediaFileRoutes, { storage });

  await registerWebApp(app, config.WEB_DIST_DIR ?? DEFAULT_WEB_DIST);
  return app;
}
