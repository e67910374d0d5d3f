import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import compress from '@fastify/compress';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * Brotli or gzip for every compressible answer over 1 KB (issue 12): API JSON, and index.html when
 * the server writes it per request. The built assets are compressed once at build time and served
 * as .br/.gz files (web-app.ts), so this only works on what is made per request; hence a quick
 * brotli level rather than the slow maximum the build uses.
 */
const THRESHOLD = 1024;
const BROTLI_QUALITY = 4;

export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(compress, {
    global: true,
    threshold: THRESHOLD,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } },
  });
}

/**
 * The same compression for an answer made outside a route (the not-found fallback that writes
 * index.html per request), where the plugin's hooks do not run.
 */
export function sendCompressed(request: FastifyRequest, reply: FastifyReply, body: string) {
  const accepted = String(request.headers['accept-encoding'] ?? '');
  reply.header('vary', 'accept-encoding');
  if (Buffer.byteLength(body) < THRESHOLD) return reply.send(body);
  if (/\bbr\b/.test(accepted)) {
    const params = { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY };
    return reply.header('content-encoding', 'br').send(brotliCompressSync(body, { params }));
  }
  if (/\bgzip\b/.test(accepted)) return reply.header('content-encoding', 'gzip').send(gzipSync(body));
  return reply.send(body);
}
