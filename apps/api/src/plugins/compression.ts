import { constants } from 'node:zlib';
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/**
 * Brotli or gzip for every compressible answer over 1 KB (issue 12): API JSON, and index.html when
 * the server writes it per request. The built assets are compressed once at build time and served
 * as .br/.gz files (web-app.ts), so this only works on what is made per request; hence a quick
 * brotli level rather than the slow maximum the build uses.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(compress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
  });
}
