import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Recap } from '@acervo/contract/recap';
import { createTestContext, signUp, type TestContext } from '../../test/test-context.ts';
import { addItem, createCollection, LIVROS, type Session } from '../collection/collection.test-helpers.ts';

const PUBLIC_URL = 'https://acervo.example';

let ctx: TestContext;
/** The app with a built web app to serve, for the shared recap's page and its preview tags. */
let site: FastifyInstance;
let dist: string;
beforeAll(async () => {
  ctx = await createTestContext();
  dist = mkdtempSync(join(tmpdir(), 'acervo-dist-'));
  writeFileSync(
    join(dist, 'index.html'),
    '<!doctype html><html><head><title>Acervo</title></head><body></body></html>',
  );
  site = await ctx.buildApp({ PUBLIC_URL, WEB_DIST_DIR: dist });
});
beforeEach(() => ctx.reset());
afterAll(async () => {
  await ctx.close();
  rmSync(dist, { recursive: true, force: true });
});

/** The content of `<meta property="{name}">` in a served page. */
const meta = (html: string, name: string) =>
  new RegExp(`<meta (?:property|name)="${name}" content="([^"]*)"`).exec(html)?.[1];

const YEAR = new Date().getUTCFullYear();
const recapUrl = (who: Session, year: number | string = YEAR) => `/api/v1/user/${who.user_id}/recap/${year}`;
async function recapOf(viewer: Session, owner: Session, year = YEAR): Promise<Recap> {
  const res = await ctx.request('GET', recapUrl(owner, year), viewer);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

/**
 * Ana's year: public films (5, 4.5, 4 and an unrated one) and a private book list (1 and 0.5);
 * one public film added last year, whose rating she changed this year; Bruno likes her films twice
 * over (himself and Caio).
 */
async function anasYear() {
  const ana = await signUp(ctx.app, { name: 'Ana Recap' });
  const bruno = await signUp(ctx.app, { name: 'Bruno' });
  const caio = await signUp(ctx.app, { name: 'Caio' });
  const films = await createCollection(ctx.app, ana, { name: 'Filmes do ano' });
  for (const [name, rating] of [
    ['Bacurau', 5],
    ['Aquarius', 4.5],
    ['Marte Um', 4],
    ['Sem nota', null],
  ] as const)
    await addItem(ctx.app, ana, films.id, { name, rating });
  const books = await createCollection(ctx.app, ana, {
    name: 'Segredos',
    category_id: LIVROS,
    private: true,
  });
  await addItem(ctx.app, ana, books.id, { name: 'Livro ruim', rating: 1 });
  await addItem(ctx.app, ana, books.id, { name: 'Livro pior', rating: 0.5 });
  const old = await addItem(ctx.app, ana, films.id, { name: 'Central do Brasil', rating: 3 });
  await ctx.db.query(`UPDATE collection_items SET created_at = make_date($2, 6, 1) WHERE id = $1`, [
    old.id,
    YEAR - 1,
  ]);
  await ctx.request('PUT', `/api/v1/collection_items/${old.id}`, ana, {
    name: 'Central do Brasil',
    rating: 3.5,
  });
  for (const who of [bruno, caio]) await ctx.request('PUT', `/api/v1/collection/${films.id}/like`, who);
  return { ana, bruno, caio, films, books };
}

describe('GET /api/v1/user/{id}/recap/{year}', () => {
  it('gives the owner their year from all their collections, counted from what they wrote', async () => {
    const { ana, films } = await anasYear();
    const recap = await recapOf(ana, ana);
    expect(recap).toMatchObject({
      year: YEAR,
      person: { id: ana.user_id, name: 'Ana Recap' },
      // Five rated this year (three films, two private books) and the old film rated again.
      items_rated: 6,
      collections_made: 2,
      categories: [
        { category_name: 'Filmes', items: 4 },
        { category_name: 'Livros', items: 2 },
      ],
      most_liked_collection: { id: films.id, name: 'Filmes do ano', likes: 2 },
      share_id: null,
    });
    expect(recap.top_items.map((i) => [i.name, i.rating])).toEqual([
      ['Bacurau', 5],
      ['Aquarius', 4.5],
      ['Marte Um', 4],
      ['Central do Brasil', 3.5],
      ['Livro ruim', 1],
    ]);
    expect(recap.busiest_month).toEqual({ month: new Date().getUTCMonth() + 1, count: 7 });
    // Last year: only the old film, added then.
    expect(await recapOf(ana, ana, YEAR - 1)).toMatchObject({ items_rated: 1, collections_made: 0 });
    // A year without anything is an empty year for its owner (the page's empty state), not an error.
    expect(await recapOf(ana, ana, YEAR - 5)).toMatchObject({
      items_rated: 0,
      collections_made: 0,
      top_items: [],
      busiest_month: null,
      categories: [],
      most_liked_collection: null,
    });
  });

  it('is private until shared; shared, others read it from public collections only, and the link goes', async () => {
    const { ana, bruno } = await anasYear();
    expect((await ctx.request('GET', recapUrl(ana), bruno)).statusCode).toBe(404);
    const shared = await ctx.request('PUT', `${recapUrl(ana)}/share`, ana);
    expect(shared.statusCode).toBe(200);
    const { id } = shared.json().data as { id: string };
    // The same link every time.
    expect((await ctx.request('PUT', `${recapUrl(ana)}/share`, ana)).json().data.id).toBe(id);
    expect((await recapOf(ana, ana)).share_id).toBe(id);

    const theirs = await recapOf(bruno, ana);
    // The private books' ratings reach no one else.
    expect(theirs).toMatchObject({ items_rated: 4, collections_made: 1, share_id: null });
    expect(theirs.categories).toEqual([expect.objectContaining({ category_name: 'Filmes', items: 4 })]);
    expect(theirs.top_items.map((i) => i.name)).not.toContain('Livro ruim');
    const anonymous = await ctx.request('GET', `/api/v1/recap_shares/${id}`);
    expect(anonymous.statusCode).toBe(200);
    expect(anonymous.json().data).toEqual(theirs);

    for (const [kind, width, height] of [
      ['card', 1200, 630],
      ['story', 1080, 1920],
    ] as const) {
      const picture = await ctx.request('GET', `/recap/${id}/${kind}.png`);
      expect(picture.statusCode).toBe(200);
      expect(picture.headers['content-type']).toBe('image/png');
      expect(await sharp(picture.rawPayload).metadata()).toMatchObject({ format: 'png', width, height });
    }

    // Its page carries its own preview, with its own picture.
    const page = await site.inject({ url: `/recap/${id}` });
    expect(page.statusCode).toBe(200);
    expect(meta(page.body, 'og:title')).toBe(`Seu ano no Acervo ${YEAR}: Ana Recap · Acervo`);
    expect(meta(page.body, 'og:description')).toBe(
      `4 itens avaliados e 1 coleção criada em ${YEAR}. Os favoritos: ${theirs.top_items.map((i) => i.name).join(', ')}.`,
    );
    expect(meta(page.body, 'og:image')).toBe(`${PUBLIC_URL}/recap/${id}/card.png`);
    expect(meta(page.body, 'og:image:width')).toBe('1200');
    expect(meta(page.body, 'og:image:height')).toBe('630');
    expect(meta(page.body, 'og:image:alt')).toBe(`Seu ano no Acervo ${YEAR}: Ana Recap`);

    // Someone else cannot share or unshare it.
    expect((await ctx.request('PUT', `${recapUrl(ana)}/share`, bruno)).statusCode).toBe(403);
    expect((await ctx.request('DELETE', `${recapUrl(ana)}/share`, ana)).json().data).toEqual({
      shared: false,
    });
    expect((await ctx.request('GET', `/api/v1/recap_shares/${id}`)).statusCode).toBe(404);
    expect((await ctx.request('GET', `/recap/${id}/card.png`)).statusCode).toBe(404);
    expect((await ctx.request('GET', recapUrl(ana), bruno)).statusCode).toBe(404);
    // The page no longer says whose year it was.
    const gone = await site.inject({ url: `/recap/${id}` });
    expect(meta(gone.body, 'og:title')).toBe('Acervo');
    expect(gone.body).not.toContain('Ana Recap');
  });

  it('answers 404 to a blocked person and once the owner stops sharing activity; 400 for a year out of range', async () => {
    const { ana, bruno, caio } = await anasYear();
    const { id } = (await ctx.request('PUT', `${recapUrl(ana)}/share`, ana)).json().data as { id: string };
    expect((await ctx.request('PUT', `/api/v1/user/${bruno.user_id}/block`, ana)).statusCode).toBeLessThan(
      300,
    );
    expect((await ctx.request('GET', recapUrl(ana), bruno)).statusCode).toBe(404);
    expect((await ctx.request('GET', recapUrl(ana), caio)).statusCode).toBe(200);
    const optOut = await ctx.request('PUT', '/api/v1/recommendation/settings', ana, {
      share_activity: false,
    });
    expect(optOut.statusCode).toBe(200);
    expect((await ctx.request('GET', recapUrl(ana), caio)).statusCode).toBe(404);
    expect((await ctx.request('GET', `/api/v1/recap_shares/${id}`)).statusCode).toBe(404);
    // Her own stays hers.
    expect((await ctx.request('GET', recapUrl(ana), ana)).statusCode).toBe(200);

    for (const year of [1999, YEAR + 1, 'dois-mil']) {
      const res = await ctx.request('GET', recapUrl(ana, year), ana);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.fields).toEqual({ year: 'recapYearInvalid' });
    }
    expect((await ctx.request('GET', recapUrl(ana))).statusCode).toBe(401);
  });

  it("names the best match to a reader only while no block stands between them, as the statistics' closest", async () => {
    const ana = await signUp(ctx.app, { name: 'Ana Recap' });
    const bia = await signUp(ctx.app, { name: 'Bia Parecida' });
    const carla = await signUp(ctx.app, { name: 'Carla Leitora' });
    const films = [
      ['Bacurau', 5, 4.5],
      ['Aquarius', 4, 4],
      ['Marte Um', 3, 3],
      ['Cidade de Deus', 4.5, 5],
      ['O Som ao Redor', 2, 2.5],
    ] as const;
    const anas = await createCollection(ctx.app, ana, { name: 'Filmes da Ana' });
    const bias = await createCollection(ctx.app, bia, { name: 'Filmes da Bia' });
    for (const [name, hers, theirs] of films) {
      await addItem(ctx.app, ana, anas.id, { name, rating: hers });
      await addItem(ctx.app, bia, bias.id, { name, rating: theirs });
    }
    await ctx.request('PUT', `${recapUrl(ana)}/share`, ana);
    expect((await recapOf(carla, ana)).best_match).toMatchObject({
      user_id: bia.user_id,
      name: 'Bia Parecida',
    });

    expect((await ctx.request('PUT', `/api/v1/user/${carla.user_id}/block`, bia)).statusCode).toBe(200);
    // The statistics of the same view no longer name Bia to Carla; nor does the recap.
    const stats = await ctx.request('GET', `/api/v1/user/${ana.user_id}/stats`, carla);
    expect(stats.json().data.closest).toEqual([]);
    expect((await recapOf(carla, ana)).best_match).toBeNull();
    // Others still see her, and so does Ana.
    expect((await recapOf(ana, ana)).best_match).toMatchObject({ user_id: bia.user_id });
  });
});
