import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { sendCompressed } from './compression.ts';

const PLACEHOLDER = `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><title>Acervo</title></head>
<body><h1>Acervo</h1><p>O aplicativo web ainda não foi compilado. Rode <code>npm start</code>.</p></body></html>`;

/** index.html as served at a path (issue 12: its title and link-preview tags). */
export type RenderIndex = (path: string, indexHtml: string) => Promise<string>;

/**
 * Serves the built web app with a fallback to index.html for client-side routes. API paths that
 * match nothing get a JSON 404 instead. With `renderIndex`, index.html carries the page's own title
 * and preview tags, rendered on the server for clients that run no JavaScript.
 */
export async function registerWebApp(
  app: FastifyInstance,
  distDir: string,
  renderIndex?: RenderIndex,
): Promise<void> {
  const hasBuild = existsSync(join(distDir, 'index.html'));
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      index: false,
      // The build writes .br and .gz beside each text file (issue 12): sent as they are, chosen by
      // Accept-Encoding, with no compression work per request.
      preCompressed: true,
      // Hashed assets never change; index.html, the service worker and the manifest revalidate.
      setHeaders: (res, path) => {
        res.header(
          'cache-control',
          path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }
  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    // A missing hashed asset (say, from a build newer than this process) must be a 404, not
    // index.html, or the browser reports a script of the wrong type instead of a missing file.
    const isAsset = path.startsWith('/assets/') || /\.[a-z0-9]{1,8}$/i.test(path);
    if (path.startsWith('/api/') || path === '/api' || request.method !== 'GET' || isAsset) {
      return reply.status(404).send({ error: { code: 'NOT_FOUND', message: 'Recurso não encontrado.' } });
    }
    if (!hasBuild) return reply.type('text/html; charset=utf-8').send(PLACEHOLDER);
    reply.header('cache-control', 'no-cache');
    if (!renderIndex) return reply.sendFile('index.html');
    // Read per request (it is small): a new build replaces it under a running process.
    const indexHtml = await readFile(join(distDir, 'index.html'), 'utf8');
    reply.type('text/html; charset=utf-8');
    // @fastify/compress works through routes' hooks, and this fallback is not a route: the page
    // written per request is compressed here (issue 12).
    return sendCompressed(request, reply, await renderIndex(path, indexHtml));
  });
}
