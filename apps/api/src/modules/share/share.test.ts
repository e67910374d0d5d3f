import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestContext, signUp, type TestContext } from '../../test/test-context.ts';
import { addCollaborator, addItem, createCollection, FILMES } from '../collection/collection.test-helpers.ts';
import { SITEMAP_PAGE_SIZE } from './share.service.ts';

const PUBLIC_URL = 'https://acervo.example';

// The shape of the built index.html (apps/web/index.html after `vite build`).
const INDEX_HTML = `<!doctype html>
<html lang="pt-BR">
  <head>
    <meta charset="UTF-8" />
    <title>Acervo</title>
    <script type="module" crossorigin src="/assets/index-abc123.js"></script>
  </head>
  <body><div id="root"></div></body>
</html>`;

let ctx: TestContext;
let app: FastifyInstance;
let dist: string;
beforeAll(async () => {
  ctx = await createTestContext();
  dist = mkdtempSync(join(tmpdir(), 'acervo-dist-'));
  writeFileSync(join(dist, 'index.html'), INDEX_HTML);
  app = await ctx.buildApp({ PUBLIC_URL: `${PUBLIC_URL}/`, WEB_DIST_DIR: dist });
});
beforeEach(() => ctx.reset());
afterAll(async () => {
  await ctx.close();
  rmSync(dist, { recursive: true, force: true });
});

const page = async (path: string) => {
  const res = await app.inject({ url: path });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toMatch(/^text\/html/);
  return res.body;
};

/** `content` of `<meta property|name="key">`, or of the `<title>`, as a browser would read it. */
function head(html: string) {
  const meta = (key: string) =>
    new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)"`).exec(html)?.[1];
  return {
    title: /<title>([^<]*)<\/title>/.exec(html)?.[1],
    description: meta('description'),
    canonical: /<link rel="canonical" href="([^"]*)"/.exec(html)?.[1],
    ogTitle: meta('og:title'),
    ogDescription: meta('og:description'),
    ogUrl: meta('og:url'),
    ogImage: meta('og:image'),
    ogType: meta('og:type'),
    ogLocale: meta('og:locale'),
    twitterCard: meta('twitter:card'),
    twitterTitle: meta('twitter:title'),
  };
}

async function scene() {
  const owner = await signUp(app, { name: 'Ana Souza' });
  const pub = await createCollection(app, owner, { name: 'Clássicos do cinema', description: 'Para rever' });
  for (const name of ['Central do Brasil', 'Cidade de Deus', 'Bacurau', 'Aquarius']) {
    await addItem(app, owner, pub.id, { name });
  }
  const priv = await createCollection(app, owner, { name: 'Diário secreto', private: true });
  await addItem(app, owner, priv.id, { name: 'Segredo guardado' });
  return { owner, pub, priv };
}

describe('link previews of collection pages', () => {
  it('renders a public collection’s name, owner and first items into /c/{id} and /lists/{id}', async () => {
    const { pub } = await scene();
    for (const path of [`/c/${pub.id}`, `/lists/${pub.id}`]) {
      const tags = head(await page(path));
      expect(tags).toEqual({
        title: 'Clássicos do cinema · Acervo',
        description:
          'Coleção de Ana Souza no Acervo, 4 itens: Central do Brasil, Cidade de Deus, Bacurau… — Para rever',
        canonical: `${PUBLIC_URL}/lists/${pub.id}`,
        ogTitle: 'Clássicos do cinema · Acervo',
        ogDescription: tags.description,
        ogUrl: `${PUBLIC_URL}/lists/${pub.id}`,
        ogImage: `${PUBLIC_URL}/share-card.png`,
        ogType: 'website',
        ogLocale: 'pt_BR',
        twitterCard: 'summary_large_image',
        twitterTitle: 'Clássicos do cinema · Acervo',
      });
    }
    // The page is still the app: its script is there, and there is one title.
    const html = await page(`/c/${pub.id}`);
    expect(html).toContain('/assets/index-abc123.js');
    expect(html.match(/<title>/g)).toHaveLength(1);
  });

  it('serves the preview image it names: a 1200×630 PNG', async () => {
    const res = await app.inject({ url: '/share-card.png' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    const meta = await sharp(res.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 1200, 630]);
  });

  it('escapes what people typed: a name cannot close the title or inject a script', async () => {
    const owner = await signUp(app, { name: 'Eve "<b>"' });
    const evil = await createCollection(app, owner, {
      name: '</title><script>alert(1)</script>',
      description: '"><img src=x onerror=alert(2)>',
    });
    await addItem(app, owner, evil.id, { name: "<svg onload='x'>" });
    const html = await page(`/c/${evil.id}`);
    expect(html).not.toContain('<script>alert');
    expect(html).not.toContain('<img');
    expect(html).not.toContain('<svg');
    expect(html).not.toContain('<b>');
    expect(head(html).title).toBe('&lt;/title&gt;&lt;script&gt;alert(1)&lt;/script&gt; · Acervo');
    expect(head(html).description).toContain('&quot;&gt;&lt;img src=x onerror=alert(2)&gt;');
  });

  it('says nothing of a private or missing collection: the generic tags, the same for both', async () => {
    const { priv } = await scene();
    const missingId = 'naoexiste0000000';
    for (const prefix of ['/c/', '/lists/']) {
      const hidden = await page(`${prefix}${priv.id}`);
      expect(hidden).not.toContain('Diário secreto');
      expect(hidden).not.toContain('Segredo guardado');
      expect(hidden).not.toContain('Ana Souza');
      const missing = await page(`${prefix}${missingId}`);
      expect(hidden.replaceAll(priv.id, missingId)).toBe(missing);
      expect(head(hidden)).toMatchObject({
        title: 'Acervo',
        description: 'Preferências que conectam pessoas.',
        ogUrl: `${PUBLIC_URL}${prefix}${priv.id}`,
      });
    }
  });

  it('gives the other pages the generic tags, with their own address', async () => {
    await scene();
    expect(head(await page('/help'))).toMatchObject({
      title: 'Acervo',
      description: 'Preferências que conectam pessoas.',
      canonical: `${PUBLIC_URL}/help`,
      ogUrl: `${PUBLIC_URL}/help`,
      ogImage: `${PUBLIC_URL}/share-card.png`,
    });
    expect(head(await page('/lists/create')).title).toBe('Acervo');
    expect(head(await page('/')).ogUrl).toBe(`${PUBLIC_URL}/`);
  });
});

describe('link previews of item pages', () => {
  it('renders a public collection’s item into /lists/{id}/items/{item}, canonical at its own collection', async () => {
    const { owner, pub } = await scene();
    const item = await addItem(app, owner, pub.id, { name: 'O som ao redor', description: 'Recife, 2012' });
    const tags = head(await page(`/lists/${pub.id}/items/${item.id}`));
    expect(tags).toMatchObject({
      title: 'O som ao redor · Clássicos do cinema · Acervo',
      description: 'Item da coleção Clássicos do cinema, de Ana Souza, no Acervo — Recife, 2012',
      canonical: `${PUBLIC_URL}/lists/${pub.id}/items/${item.id}`,
      ogTitle: 'O som ao redor · Clássicos do cinema · Acervo',
      ogUrl: `${PUBLIC_URL}/lists/${pub.id}/items/${item.id}`,
      ogImage: `${PUBLIC_URL}/share-card.png`,
      twitterCard: 'summary_large_image',
    });
    // An address naming another collection still describes the item where it is.
    const other = await createCollection(app, owner, { name: 'Outra' });
    expect(head(await page(`/lists/${other.id}/items/${item.id}`)).canonical).toBe(
      `${PUBLIC_URL}/lists/${pub.id}/items/${item.id}`,
    );
  });

  it('says nothing of an item of a private collection: the same answer as a missing item', async () => {
    const { owner, priv } = await scene();
    const item = await addItem(app, owner, priv.id, { name: 'Carta guardada', description: 'Só minha' });
    const hidden = await page(`/lists/${priv.id}/items/${item.id}`);
    for (const secret of ['Carta guardada', 'Só minha', 'Diário secreto', 'Ana Souza']) {
      expect(hidden).not.toContain(secret);
    }
    const missingId = 'naoexiste0000000';
    const missing = await page(`/lists/${priv.id}/items/${missingId}`);
    expect(hidden.replaceAll(item.id, missingId)).toBe(missing);
    expect(head(hidden).title).toBe('Acervo');
    // The item forms are not item pages.
    expect(head(await page(`/lists/${priv.id}/items/create`)).title).toBe('Acervo');
  });
});

describe('the data of a public collection’s page in its HTML (decision 031)', () => {
  const DATA = /<script type="application\/json" id="share-data">([^<]*)<\/script>/g;
  /** The share-data elements of a page, parsed as the browser's JSON.parse would. */
  const shareData = (html: string) => [...html.matchAll(DATA)].map((m) => JSON.parse(m[1]!) as unknown);
  const asVisitor = async (url: string) => {
    const res = await app.inject({ url });
    expect(res.statusCode).toBe(200);
    return res.json().data as unknown;
  };

  it('carries the collection exactly as the API answers a visitor, on /c/{id} and /lists/{id}', async () => {
    const { owner, pub } = await scene();
    // A collaborator: what a signed-in reader would see differently (their role) stays out.
    await addCollaborator(app, owner, pub.id, await signUp(app, { name: 'Rui Editor' }), 'editor');
    const collection = await asVisitor(`/api/v1/collection/${pub.id}`);
    expect(collection).toMatchObject({ liked_by_me: false, my_role: null, items_count: 4 });
    for (const path of [`/c/${pub.id}`, `/lists/${pub.id}`]) {
      expect(shareData(await page(path))).toEqual([{ collection }]);
    }
  });

  it('carries an item page’s item and its own collection, as the API answers a visitor', async () => {
    const { owner, pub } = await scene();
    const item = await addItem(app, owner, pub.id, { name: 'O som ao redor', description: 'Recife, 2012' });
    const other = await createCollection(app, owner, { name: 'Outra' });
    const expected = {
      collection: await asVisitor(`/api/v1/collection/${pub.id}`),
      item: await asVisitor(`/api/v1/collection_items/${item.id}`),
    };
    expect(shareData(await page(`/lists/${pub.id}/items/${item.id}`))).toEqual([expected]);
    // An address naming another collection: the item's own collection, as the page shows it.
    expect(shareData(await page(`/lists/${other.id}/items/${item.id}`))).toEqual([expected]);
  });

  it('carries nothing for a private collection, its items, a missing one or another page', async () => {
    const { owner, pub, priv } = await scene();
    const secret = await addItem(app, owner, priv.id, { name: 'Carta guardada' });
    for (const path of [
      `/c/${priv.id}`,
      `/lists/${priv.id}`,
      `/lists/${priv.id}/items/${secret.id}`,
      `/lists/${pub.id}/items/${secret.id}`,
      '/lists/naoexiste0000000',
      `/lists/${pub.id}/items/naoexiste0000000`,
      '/lists/create',
      `/lists/edit/${pub.id}`,
      '/help',
      '/',
    ]) {
      const html = await page(path);
      expect(html, path).not.toContain('share-data');
      expect(html, path).not.toContain('Carta guardada');
    }
  });

  it('cannot be broken out of: what people typed stays inside its element, and reads back unchanged', async () => {
    const owner = await signUp(app, { name: 'Eve </script>' });
    const name = '</script><script>alert(1)</script>';
    const description = '<!-- <script> & \u2028\u2029 </SCRIPT >';
    const evil = await createCollection(app, owner, { name, description });
    await addItem(app, owner, evil.id, { name: '</script ><img src=x onerror=alert(2)>' });
    const html = await page(`/lists/${evil.id}`);
    // The built page's one script plus the data element: no other element came into being.
    expect(html.match(/<script/gi)).toHaveLength(2);
    const [raw] = [...html.matchAll(DATA)].map((m) => m[1]!);
    expect(raw).not.toMatch(/[<>&\u2028\u2029]/);
    const [data] = shareData(html) as [{ collection: { name: string; description: string } }];
    expect(data.collection).toMatchObject({ name, description, owner_name: 'Eve </script>' });
  });
});

describe('anonymous reads of a public collection', () => {
  it('carry no e-mail, of the owner or of a collaborator, nor anything private', async () => {
    const { owner, pub, priv } = await scene();
    const editor = await signUp(app, { name: 'Bia Editora' });
    await addCollaborator(app, owner, pub.id, editor, 'editor');
    const res = await app.inject({ url: `/api/v1/collection/${pub.id}` });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain(owner.user_email);
    expect(res.body).not.toContain(editor.user_email);
    expect(res.body).not.toContain(priv.id);
    expect(res.json().data).toMatchObject({ owner_name: 'Ana Souza', my_role: null, items_count: 4 });
    // Who collaborates stays for collaborators.
    const collaborators = await app.inject({ url: `/api/v1/collection/${pub.id}/collaborators` });
    expect(collaborators.statusCode).toBe(401);
  });

  it('do not reach a saved copy’s private source', async () => {
    const { owner, priv } = await scene();
    const copy = await app.inject({
      method: 'POST',
      url: `/api/v1/collection/${priv.id}/save`,
      headers: owner.auth,
    });
    expect(copy.statusCode).toBe(201);
    const copyId = copy.json().data.id as string;
    // The owner publishes the copy; its source stays private.
    await ctx.db.query('UPDATE collections SET private = false WHERE id = $1', [copyId]);
    const res = await app.inject({ url: `/api/v1/collection/${copyId}` });
    expect(res.statusCode).toBe(200);
    // The copy keeps the source's name (its owner published it); the source's link does not show.
    expect(res.json().data.saved_from).toMatchObject({ id: null, name: null });
    expect(res.body).not.toContain(priv.id);
  });
});

describe('robots.txt', () => {
  it('lets crawlers in on public pages, keeps them off the API and signed-in pages, names the sitemap', async () => {
    const res = await app.inject({ url: '/robots.txt' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    const lines = res.body.split('\n');
    expect(lines).toEqual(expect.arrayContaining(['User-agent: *', 'Allow: /', 'Disallow: /api/']));
    for (const path of [
      '/feed',
      '/profile',
      '/account',
      '/search',
      '/lists/create',
      '/invite/',
      '/verify-email/',
      '/taste/',
      '/recap/',
    ]) {
      expect(lines).toContain(`Disallow: ${path}`);
    }
    expect(lines).toContain(`Sitemap: ${PUBLIC_URL}/sitemap.xml`);
    expect(res.body).not.toMatch(/Disallow: \/lists\/?$/m);
    // Items of public collections are public pages; the item forms are not.
    expect(lines).toEqual(
      expect.arrayContaining(['Disallow: /lists/*/items/create', 'Disallow: /lists/*/items/edit/']),
    );
    expect(lines).not.toContain('Disallow: /lists/*/items/');
  });
});

describe('sitemap.xml', () => {
  const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]);

  it('lists the public pages and the public collections only, from PUBLIC_URL', async () => {
    const { pub, priv } = await scene();
    const index = await app.inject({ url: '/sitemap.xml' });
    expect(index.statusCode).toBe(200);
    expect(index.headers['content-type']).toMatch(/^application\/xml/);
    expect(locs(index.body)).toEqual([
      `${PUBLIC_URL}/sitemaps/pages.xml`,
      `${PUBLIC_URL}/sitemaps/collections/1`,
    ]);

    const pages = await app.inject({ url: '/sitemaps/pages.xml' });
    expect(locs(pages.body)).toEqual(
      ['/', '/help', '/contact', '/privacy-policy', '/terms-use'].map((p) => `${PUBLIC_URL}${p}`),
    );
    const collections = await app.inject({ url: '/sitemaps/collections/1' });
    expect(locs(collections.body)).toEqual([`${PUBLIC_URL}/lists/${pub.id}`]);
    expect(collections.body).not.toContain(priv.id);
    expect(collections.body).toMatch(/<lastmod>\d{4}-\d\d-\d\dT[\d:.]+Z<\/lastmod>/);
  });

  it('pages the collections so no file grows past the page size; past the end is 404, a bad page 400', async () => {
    const owner = await signUp(app);
    // 1,200 collections, every tenth private: 1,080 public, two pages.
    const total = SITEMAP_PAGE_SIZE + 200;
    await ctx.db.query(
      `INSERT INTO collections (id, user_id, category_id, name, private)
       SELECT 'bulk' || lpad(g::text, 5, '0'), $1, $2, 'Coleção ' || g, g % 10 = 0
       FROM generate_series(1, $3::int) g`,
      [owner.user_id, FILMES, total],
    );
    const index = await app.inject({ url: '/sitemap.xml' });
    expect(locs(index.body)).toEqual([
      `${PUBLIC_URL}/sitemaps/pages.xml`,
      `${PUBLIC_URL}/sitemaps/collections/1`,
      `${PUBLIC_URL}/sitemaps/collections/2`,
    ]);
    const first = locs((await app.inject({ url: '/sitemaps/collections/1' })).body);
    const second = locs((await app.inject({ url: '/sitemaps/collections/2' })).body);
    expect(first).toHaveLength(SITEMAP_PAGE_SIZE);
    expect(new Set([...first, ...second]).size).toBe(total - total / 10);
    expect([...first, ...second].some((loc) => loc?.endsWith('0'))).toBe(false);
    expect((await app.inject({ url: '/sitemaps/collections/3' })).statusCode).toBe(404);
    expect((await app.inject({ url: '/sitemaps/collections/zero' })).statusCode).toBe(400);
    expect((await app.inject({ url: '/sitemaps/collections/0' })).statusCode).toBe(400);
  });
});
