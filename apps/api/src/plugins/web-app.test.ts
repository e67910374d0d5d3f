import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test/test-context.ts';

/**
 * Issue 12: the page served at an address names that page's own chunks, so the browser fetches
 * them with the entry rather than after it. A built web app is laid out here as `vite build`
 * writes it: index.html and dist/.vite/route-preloads.json (apps/web/build/prerender.ts).
 */
const INDEX_HTML = `<!doctype html>
<html lang="pt-BR">
  <head>
    <title>Acervo</title>
    <meta
      name="description"
      content="Acervo: preferências que conectam pessoas."
    />
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/react-abc.js">
  </head>
  <body><div id="root"></div></body>
</html>`;

const ROUTES = [
  { path: '/', js: ['/assets/landing-1.js', '/assets/icons-1.js'], css: [] },
  { path: '/login', js: ['/assets/login-1.js'], css: [] },
  { path: '/lists/:id', js: ['/assets/lists-1.js', '/assets/forms-1.js'], css: ['/assets/lists-1.css'] },
  { path: '/lists/create', js: ['/assets/lists-1.js', '/assets/create-1.js'], css: [] },
  { path: '/lists/:id/items/:item', js: ['/assets/lists-1.js', '/assets/item-1.js'], css: [] },
  { path: '/account/profile', js: ['/assets/account-1.js'], css: [] },
];

/** A page the build prerendered (decision 030), as apps/web/build/prerender.ts writes it. */
const LOGIN_HTML = INDEX_HTML.replace('<title>Acervo</title>', '<title>Entrar · Acervo</title>')
  .replace('<head>', '<head>\n    <script>document.documentElement.dataset.x = 1</script>')
  .replace(
    '<div id="root"></div>',
    '<div id="root" data-prerendered="/login"><h1>Acesse sua conta</h1></div>',
  );
const PRERENDERED = {
  pages: [{ path: '/login', file: 'prerendered/login.html', title: 'Entrar · Acervo' }],
  scriptHash: "'sha256-abc='",
};

let ctx: TestContext;
let app: FastifyInstance;
let dist: string;
beforeAll(async () => {
  ctx = await createTestContext();
  dist = mkdtempSync(join(tmpdir(), 'acervo-dist-'));
  mkdirSync(join(dist, '.vite'));
  writeFileSync(join(dist, 'index.html'), INDEX_HTML);
  writeFileSync(join(dist, '.vite/route-preloads.json'), JSON.stringify(ROUTES));
  mkdirSync(join(dist, 'prerendered'));
  writeFileSync(join(dist, 'prerendered/login.html'), LOGIN_HTML);
  writeFileSync(join(dist, '.vite/prerendered.json'), JSON.stringify(PRERENDERED));
  app = await ctx.buildApp({ WEB_DIST_DIR: dist });
});
afterAll(async () => {
  await ctx.close();
  rmSync(dist, { recursive: true, force: true });
});

/** The chunks and stylesheets the page at `path` names beyond the entry's. */
async function preloads(path: string) {
  const res = await app.inject({ url: path });
  expect(res.statusCode).toBe(200);
  const head = res.body.slice(0, res.body.indexOf('</head>'));
  return {
    js: [...head.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)]
      .map((m) => m[1])
      .filter((href) => href !== '/assets/react-abc.js'),
    css: [...head.matchAll(/<link rel="stylesheet" crossorigin href="([^"]+)">/g)].map((m) => m[1]),
  };
}

describe('the page names its own chunks', () => {
  it('at each address, the route React Router renders there', async () => {
    expect(await preloads('/')).toEqual({ js: ['/assets/landing-1.js', '/assets/icons-1.js'], css: [] });
    expect(await preloads('/lists/Ab12Cd34')).toEqual({
      js: ['/assets/lists-1.js', '/assets/forms-1.js'],
      css: ['/assets/lists-1.css'],
    });
    expect((await preloads('/lists/Ab12Cd34/items/Xy98')).js).toEqual([
      '/assets/lists-1.js',
      '/assets/item-1.js',
    ]);
    expect((await preloads('/account/profile/')).js).toEqual(['/assets/account-1.js']);
    // A query string is not part of the address.
    expect((await preloads('/lists/Ab12Cd34?ref=share')).js).toContain('/assets/lists-1.js');
  });

  it('a fixed segment wins over a parameter, as in the router', async () => {
    expect((await preloads('/lists/create')).js).toEqual(['/assets/lists-1.js', '/assets/create-1.js']);
  });

  it('adds nothing where no page of its own matches', async () => {
    for (const path of ['/esta-pagina-nao-existe', '/lists/a/b', '/account']) {
      expect(await preloads(path)).toEqual({ js: [], css: [] });
    }
    // The page is otherwise the built one: one entry script, one head.
    const body = (await app.inject({ url: '/lists/Ab12Cd34' })).body;
    expect(body.match(/<script /g)).toHaveLength(1);
    expect(body.match(/<\/head>/g)).toHaveLength(1);
  });
});

describe('a prerendered page (decision 030)', () => {
  it('is what the server answers at its address, with its title, preloads and script hash', async () => {
    for (const url of ['/login', '/login?returnTo=%2Ffeed']) {
      const res = await app.inject({ url, headers: { 'accept-encoding': 'br' } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers['content-encoding']).toBe('br');
      const body = brotliDecompressSync(res.rawPayload).toString();
      expect(body).toContain('<div id="root" data-prerendered="/login"><h1>Acesse sua conta</h1></div>');
      expect(body).toContain('<title>Entrar · Acervo</title>');
      expect(body).toContain('<meta property="og:title" content="Entrar · Acervo" />');
      expect(body.match(/<title>/g)).toHaveLength(1);
      expect(body.match(/name="description"/g)).toHaveLength(1);
      // The page is drawn already: its scripts (entry and page chunks) come inert, for its head
      // script to load once it has painted.
      expect(body).toContain(
        '<template data-after-paint><script type="module" crossorigin src="/assets/index-abc.js"></script></template>',
      );
      expect(body).toContain(
        '<template data-after-paint><link rel="modulepreload" crossorigin href="/assets/login-1.js"></template>',
      );
      expect(body.match(/<template data-after-paint>/g)).toHaveLength(3);
      // Only this answer allows the page's inline script, by its hash.
      expect(res.headers['content-security-policy']).toContain("script-src 'self' 'sha256-abc='");
    }
  });

  it('leaves every other page the empty shell, and its script unallowed', async () => {
    for (const path of ['/', '/help', '/login/extra', '/lists/Ab12Cd34']) {
      const res = await app.inject({ url: path });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<div id="root"></div>');
      expect(res.body).toContain('<title>Acervo</title>');
      expect(res.body.match(/name="description"/g)).toHaveLength(1);
      expect(res.headers['content-security-policy']).not.toContain('sha256');
      expect(res.body).not.toContain('<template');
    }
  });
});
