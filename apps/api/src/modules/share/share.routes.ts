import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import sharp from 'sharp';
import * as z from 'zod/mini';
import type { Db } from '../../db/client.ts';
import type { Config } from '../../env.ts';
import { AppError } from '../../lib/app-error.ts';
import type { HeavyReads } from '../../lib/heavy-reads.ts';
import {
  CARD_IMAGE_PATH,
  CARD_IMAGE_SIZE,
  escapeHtml,
  genericHead,
  renderHeadTags,
  withHeadTags,
} from './share-head.ts';
import { recapSharePageHead, sharePage, tasteSharePageHead, withShareData } from './share-data.ts';
import { countPublicCollections, publicCollectionsPage, SITEMAP_PAGE_SIZE } from './share.service.ts';

// Pages of the site rather than API routes: kept out of the API's OpenAPI document.
const hide = true;

/** The public pages of the web app that are not collections (landing, help, contact, legal). */
const STATIC_PAGES = ['/', '/help', '/contact', '/privacy-policy', '/terms-use'];

/**
 * What crawlers may index: public pages and collections. The API, the pages behind sign-in and
 * the one-time links (invites, password resets) are left out.
 */
const DISALLOWED = [
  '/api/',
  '/feed',
  '/profile',
  '/account',
  '/search',
  '/onboarding',
  '/lists/create',
  '/lists/edit/',
  // Item pages of public collections are public pages (issue 12); their forms are not.
  '/lists/*/items/create',
  '/lists/*/items/edit/',
  '/invite/',
  '/reset/',
  '/verify-email/',
  '/recover',
  // A shared taste in common is shared on purpose, but names two people: not for search engines.
  '/taste/',
  // A shared yearly recap likewise: shared on purpose, but a person's year.
  '/recap/',
];

const baseUrl = (config: Config) => config.PUBLIC_URL.replace(/\/+$/, '');

const xml = (body: string) => `<?xml version="1.0" encoding="UTF-8"?>\n${body}\n`;
const urlEntry = (loc: string, lastmod?: string) =>
  `  <url><loc>${escapeHtml(loc)}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ''}</url>`;

// The Open Graph card: the app's logo (apps/web/src/assets/logo.svg) centred on its purple, drawn
// as shapes only so that rendering needs no fonts. Rendered once per process, on first request.
const CARD_SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="${CARD_IMAGE_SIZE.width}" height="${CARD_IMAGE_SIZE.height}" viewBox="0 0 1200 630">
  <rect width="1200" height="630" fill="#5b3cc4"/>
  <g transform="translate(440 155) scale(10)">
    <rect width="32" height="32" rx="8" fill="#4a2fa8"/>
    <rect x="7" y="8" width="5" height="16" rx="1.5" fill="#fff"/>
    <rect x="13.5" y="8" width="5" height="16" rx="1.5" fill="#ffd166"/>
    <rect x="20" y="9.5" width="5" height="15" rx="1.5" fill="#fff" transform="rotate(-12 22.5 17)"/>
  </g>
</svg>`;
let cardPng: Promise<Buffer> | undefined;
const renderCard = () => (cardPng ??= sharp(Buffer.from(CARD_SVG)).png().toBuffer());

const sitemapPageParams = z.object({
  page: z.coerce.number().check(z.int(), z.gte(1), z.lte(1_000_000)),
});

/**
 * Issue 12: robots.txt, sitemap.xml (an index of small pages) and the preview card image, at the
 * site's root. Links are built from PUBLIC_URL, never from the Host header.
 */
export async function shareRoutes(app: FastifyInstance, { db, config }: { db: Db; config: Config }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/robots.txt', { schema: { hide, summary: 'Crawling rules' } }, async (_request, reply) => {
    const lines = ['User-agent: *', 'Allow: /', ...DISALLOWED.map((path) => `Disallow: ${path}`)];
    lines.push('', `Sitemap: ${baseUrl(config)}/sitemap.xml`);
    return reply.type('text/plain; charset=utf-8').send(`${lines.join('\n')}\n`);
  });

  r.get(
    '/sitemap.xml',
    { schema: { hide, summary: 'Sitemap index: the public pages, then public collections by pages' } },
    async (_request, reply) => {
      const base = baseUrl(config);
      const pages = Math.ceil((await countPublicCollections(db)) / SITEMAP_PAGE_SIZE);
      const maps = [`${base}/sitemaps/pages.xml`];
      for (let page = 1; page <= pages; page++) maps.push(`${base}/sitemaps/collections/${page}`);
      const body = maps.map((loc) => `  <sitemap><loc>${escapeHtml(loc)}</loc></sitemap>`).join('\n');
      return reply
        .type('application/xml; charset=utf-8')
        .send(
          xml(`<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${body}\n</sitemapindex>`),
        );
    },
  );

  r.get('/sitemaps/pages.xml', { schema: { hide, summary: 'The public pages' } }, async (_request, reply) => {
    const body = STATIC_PAGES.map((path) => urlEntry(`${baseUrl(config)}${path}`)).join('\n');
    return reply
      .type('application/xml; charset=utf-8')
      .send(xml(`<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${body}\n</urlset>`));
  });

  r.get(
    '/sitemaps/collections/:page',
    {
      schema: {
        hide,
        summary: `Public collections, ${SITEMAP_PAGE_SIZE} a page`,
        params: sitemapPageParams,
      },
    },
    async (request, reply) => {
      const rows = await publicCollectionsPage(db, request.params.page);
      if (!rows.length) throw new AppError(404, 'NOT_FOUND', 'Página não encontrada.');
      const body = rows
        .map((row) => urlEntry(`${baseUrl(config)}/lists/${row.id}`, row.last_updated))
        .join('\n');
      return reply
        .type('application/xml; charset=utf-8')
        .send(xml(`<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${body}\n</urlset>`));
    },
  );

  r.get(
    CARD_IMAGE_PATH,
    { schema: { hide, summary: 'The image of link previews' } },
    async (_request, reply) =>
      reply
        .type('image/png')
        .header('cache-control', 'public, max-age=86400')
        .send(await renderCard()),
  );
}

/**
 * The web app's index.html for `path`, with the `<head>` tags of that page: a public collection's
 * own on `/c/{id}` and `/lists/{id}`, a public collection's item's own on
 * `/lists/{id}/items/{item}`, a shared taste in common's on `/taste/{id}`, a shared yearly recap's on `/recap/{id}`, the generic ones everywhere else (with the title of a page the build
 * prerendered, decision 030; a private or missing collection or item included, so that the page
 * says nothing of it). A public collection's or item's page also carries the data its first
 * screen shows (decision 031), returned as well for the server's render of the page (decision 037).
 */
export function renderIndexPage(db: Db, config: Config, heavy: HeavyReads) {
  const base = baseUrl(config);
  return async (path: string, indexHtml: string, title?: string) => {
    const page = await sharePage(db, base, path);
    const head =
      page?.head ??
      (await tasteSharePageHead(db, base, path, heavy)) ??
      (await recapSharePageHead(db, base, path, heavy)) ??
      genericHead(base, path, title);
    const html = withHeadTags(indexHtml, renderHeadTags(base, head));
    return page ? { html: withShareData(html, page.data), data: page.data } : { html };
  };
}
