import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestContext, signUp, type TestContext } from '../../test/test-context.ts';
import { addItem, createCollection } from '../collection/collection.test-helpers.ts';

/**
 * Decision 037: a public collection's or item's page is drawn on the server, by the web build's own
 * server render (dist/.ssr/), from the data its HTML carries. These tests need that build: the
 * markup they read is the app's, not a stand-in's.
 */
const DIST = fileURLToPath(new URL('../../../../web/dist/', import.meta.url));

let ctx: TestContext;
let app: FastifyInstance;
let broken: string;
beforeAll(async () => {
  if (!existsSync(join(DIST, '.ssr/prerender.js'))) {
    throw new Error(`${DIST} has no server render (.ssr/prerender.js): run \`npm run build\` first.`);
  }
  ctx = await createTestContext();
  app = await ctx.buildApp({ WEB_DIST_DIR: DIST });
  // The same build with a server render that fails.
  broken = mkdtempSync(join(tmpdir(), 'acervo-dist-'));
  cpSync(DIST, broken, { recursive: true });
  writeFileSync(
    join(broken, '.ssr/prerender.js'),
    "export async function prerender() { throw new Error('the render failed on purpose'); }\n" +
      'export function withPageMarkup() { return undefined; }\n',
  );
});
beforeEach(() => ctx.reset());
afterAll(async () => {
  await ctx.close();
  rmSync(broken, { recursive: true, force: true });
});

async function get(url: string, on = app) {
  const res = await on.inject({ url });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toMatch(/^text\/html/);
  return { html: res.body, csp: String(res.headers['content-security-policy']) };
}

/** What #root holds, up to the page's data element (the markup ends before it). */
/** #root's mark and markup, without React's comments (text separators, Suspense boundaries). */
const root = (html: string) => {
  const found = /<div id="root"( data-prerendered="[^"]*")?>([\s\S]*?)<\/div>\s*<script/.exec(html);
  return found && ([found[0], found[1], found[2]!.replace(/<!--.*?-->/g, '')] as const);
};

async function scene() {
  const owner = await signUp(app, { name: 'Ana Souza' });
  const pub = await createCollection(app, owner, { name: 'Clássicos do cinema', description: 'Para rever' });
  const items = [];
  for (const name of ['Central do Brasil', 'Cidade de Deus', 'Bacurau']) {
    items.push(await addItem(app, owner, pub.id, { name, description: `Sobre ${name}` }));
  }
  const priv = await createCollection(app, owner, { name: 'Diário secreto', private: true });
  await addItem(app, owner, priv.id, { name: 'Segredo guardado' });
  return { owner, pub, items, priv };
}

describe('a public collection’s page drawn on the server (decision 037)', () => {
  it('holds its name, items and sign-up call in #root, marked for the browser to adopt', async () => {
    const { pub } = await scene();
    for (const path of [`/c/${pub.id}`, `/lists/${pub.id}`]) {
      const { html } = await get(path);
      const [, mark, markup] = root(html)!;
      expect(mark).toBe(` data-prerendered="${path}"`);
      expect(markup).toMatch(/<h1[^>]*><a [^>]*href="\/lists\/[^"]+"[^>]*>Clássicos do cinema<\/a><\/h1>/);
      expect(markup).toContain('Para rever');
      for (const name of ['Central do Brasil', 'Cidade de Deus', 'Bacurau']) {
        expect(markup).toMatch(new RegExp(`<a [^>]*href="/lists/${pub.id}/items/[^"]+"[^>]*>${name}</a>`));
      }
      expect(markup).toContain('Ana Souza');
      expect(markup).toContain('Compartilhar');
      expect(markup).toContain('Gostou desta coleção?');
      // Every part drawn, the comments whose code loads on demand included: nothing left for the
      // browser to draw anew after a server error (React's `<!--$!-->`, error #419 in its console).
      expect(markup).toContain('Comentários');
      expect(html).not.toContain('<!--$!-->');
      // A visitor's page: no edit controls.
      expect(markup).not.toContain('Editar coleção');
      // Its title is the collection's, once.
      expect(html.match(/<title>/g)).toHaveLength(1);
      expect(html).toContain('<title>Clássicos do cinema · Acervo</title>');
    }
  });

  it('draws two pages asked for at once each from its own data', async () => {
    const { owner, pub } = await scene();
    const other = await createCollection(app, owner, { name: 'Livros de cabeceira' });
    await addItem(app, owner, other.id, { name: 'Grande Sertão: Veredas' });
    const [first, second] = await Promise.all([get(`/lists/${pub.id}`), get(`/lists/${other.id}`)]);
    expect(root(first.html)![2]).toContain('Bacurau');
    expect(root(first.html)![2]).not.toContain('Grande Sertão');
    expect(root(second.html)![2]).toContain('Grande Sertão: Veredas');
    expect(root(second.html)![2]).not.toContain('Bacurau');
  });

  it('draws an item’s page too', async () => {
    const { pub, items } = await scene();
    const { html } = await get(`/lists/${pub.id}/items/${items[1]!.id}`);
    const [, mark, markup] = root(html)!;
    expect(mark).toBe(` data-prerendered="/lists/${pub.id}/items/${items[1]!.id}"`);
    expect(markup).toMatch(/<h1[^>]*>Cidade de Deus<\/h1>/);
    expect(markup).toContain('Sobre Cidade de Deus');
    expect(markup).toContain('Clássicos do cinema');
    // Its title is the preview's, once, as without a server render (decision 031).
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html).toContain('<title>Cidade de Deus · Clássicos do cinema · Acervo</title>');
  });

  it("carries the head script, allowed by the CSP by its hash, and the app's entry script", async () => {
    const { pub } = await scene();
    const { html, csp } = await get(`/lists/${pub.id}`);
    const head = html.slice(0, html.indexOf('</head>'));
    const inline = [...head.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1]!);
    expect(inline).toHaveLength(1);
    // And none in the body: every part of the page is in place, none moved in by a script.
    expect(html.slice(html.indexOf('</head>')).match(/<script>/g)).toBeNull();
    // Before the stylesheets: an inline script waits for the ones above it.
    expect(head.indexOf('<script>')).toBeLessThan(head.indexOf('rel="stylesheet"'));
    const hash = createHash('sha256').update(inline[0]!).digest('base64');
    expect(csp).toMatch(new RegExp(`script-src 'self' 'sha256-${hash.replace(/[+/]/g, '\\$&')}'`));
    expect(html).toMatch(
      /<template data-after-paint><script type="module" crossorigin src="\/assets\/[^"]+\.js"><\/script><\/template>/,
    );
    expect(html).not.toMatch(/<script type="module"[^>]*><\/script>(?!<\/template>)/);
  });

  it('escapes what people typed: nothing they wrote becomes an element', async () => {
    const owner = await signUp(app, { name: 'Eve </div><script>alert(3)</script>' });
    const name = '</script><script>alert(1)</script>';
    const evil = await createCollection(app, owner, { name, description: '"><img src=x onerror=alert(2)>' });
    await addItem(app, owner, evil.id, {
      name: "<svg onload='alert(4)'>",
      description: '</div></div><b>x</b>',
    });
    const plain = await createCollection(app, owner, { name: 'Comum', description: 'Nada de mais' });
    await addItem(app, owner, plain.id, { name: 'Item', description: 'Texto' });
    const { html } = await get(`/lists/${evil.id}`);
    const { html: plainHtml } = await get(`/lists/${plain.id}`);
    for (const tag of ['script', 'img', 'svg', 'b', 'div']) {
      const count = (page: string) => page.match(new RegExp(`<${tag}[\\s>]`, 'gi'))?.length ?? 0;
      expect(count(html), tag).toBe(count(plainHtml));
    }
    const [, , markup] = root(html)!;
    expect(markup).toContain('&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(markup).toContain('&lt;svg onload=');
    expect(markup).toContain('Eve &lt;/div&gt;&lt;script&gt;alert(3)&lt;/script&gt;');
  });

  it('is drawn again when what it shows changes', async () => {
    const { owner, pub } = await scene();
    expect(root((await get(`/lists/${pub.id}`)).html)![2]).toContain('Clássicos do cinema');
    const renamed = await app.inject({
      method: 'PUT',
      url: `/api/v1/collection/${pub.id}`,
      headers: owner.auth,
      payload: { category_id: pub.category_id, name: 'Clássicos revistos' },
    });
    expect(renamed.statusCode).toBe(200);
    const fan = await signUp(app, { name: 'Fã' });
    const liked = await app.inject({
      method: 'PUT',
      url: `/api/v1/collection/${pub.id}/like`,
      headers: fan.auth,
    });
    expect(liked.statusCode).toBe(200);
    const markup = root((await get(`/lists/${pub.id}`)).html)![2];
    expect(markup).toContain('Clássicos revistos');
    expect(markup).not.toContain('Clássicos do cinema');
    expect(markup).toMatch(/<strong>1<\/strong> curtida/);
  });
});

describe('pages the server does not draw', () => {
  it('the server render itself is not served', async () => {
    const res = await app.inject({ url: '/.ssr/prerender.js' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ error: { code: 'NOT_FOUND' } });
  });

  it('a private or missing collection, and their items, get the empty shell: the same answer', async () => {
    const { pub, priv } = await scene();
    const secretItem = (
      await ctx.db.query<{ id: string }>('SELECT id FROM collection_items WHERE collection_id = $1', [
        priv.id,
      ])
    )[0]!;
    const missing = 'naoexiste0000000';
    for (const [hidden, gone] of [
      [`/lists/${priv.id}`, `/lists/${missing}`],
      [`/c/${priv.id}`, `/c/${missing}`],
      [`/lists/${priv.id}/items/${secretItem.id}`, `/lists/${priv.id}/items/${missing}`],
      [`/lists/${pub.id}/items/${secretItem.id}`, `/lists/${pub.id}/items/${missing}`],
    ] as const) {
      const a = await get(hidden);
      const b = await get(gone);
      for (const page of [a, b]) {
        expect(page.html).toContain('<div id="root"></div>');
        expect(page.html).not.toContain('data-prerendered');
        expect(page.html).not.toContain('<template');
        expect(page.csp).not.toContain('sha256');
      }
      expect(a.html).not.toContain('Diário secreto');
      expect(a.html).not.toContain('Segredo guardado');
      expect(a.html.replaceAll(secretItem.id, missing).replaceAll(priv.id, missing)).toBe(
        b.html.replaceAll(priv.id, missing),
      );
    }
  });

  it('a failing render logs and sends the page for the browser to draw, never a 5xx', async () => {
    const { pub } = await scene();
    const logs: string[] = [];
    const failing = await ctx.buildApp({ WEB_DIST_DIR: broken }, logs);
    const { html, csp } = await get(`/lists/${pub.id}`, failing);
    expect(html).toContain('<div id="root"></div>');
    // The data and the preview are there as without a server render (decision 031).
    expect(html).toContain('id="share-data"');
    expect(html).toContain('<title>Clássicos do cinema · Acervo</title>');
    expect(html).not.toContain('<template');
    expect(csp).not.toContain('sha256');
    const failure = logs.find((line) => line.includes('server render failed'));
    expect(failure).toContain('the render failed on purpose');
    expect(failure).toContain(`/lists/${pub.id}`);
    // By address and error only: not what the page shows.
    expect(failure).not.toContain('Para rever');
  });
});
