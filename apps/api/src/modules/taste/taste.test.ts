import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { TasteAnswer, TasteShare } from '@acervo/contract/taste';
import { createTestContext, signUp, type TestContext } from '../../test/test-context.ts';
import { TASTE_SHARE_REQUESTS_PER_MINUTE } from './taste.routes.ts';
import {
  addCollaborator,
  addItem,
  createCollection,
  FILMES,
  LIVROS,
  type Session,
} from '../collection/collection.test-helpers.ts';

const PUBLIC_URL = 'https://acervo.example';

let ctx: TestContext;
/** The app with a built web app to serve, for the shared match's page. */
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

const taste = (who: Session | undefined, whom: Session) =>
  ctx.request('GET', `/api/v1/user/${whom.user_id}/taste`, who);
async function tasteOf(who: Session, whom: Session): Promise<TasteAnswer> {
  const res = await taste(who, whom);
  if (res.statusCode !== 200) throw new Error(`taste: ${res.statusCode} ${res.body}`);
  return (res.json() as { data: TasteAnswer }).data;
}

async function rate(who: Session, collectionId: string, ratings: [string, number][]) {
  for (const [name, rating] of ratings) await addItem(ctx.app, who, collectionId, { name, rating });
}

/**
 * Ana (mean 3.5) and Bia, a harsher rater (mean 3 over what Ana may read), rated the same five
 * films; Bia writes some names in other cases and accents. Bia also has a private collection Ana
 * may not read, rated after the public one.
 */
async function anaAndBia() {
  const ana = await signUp(ctx.app, { name: 'Ana' });
  const bia = await signUp(ctx.app, { name: 'Bia' });
  const anas = await createCollection(ctx.app, ana, { name: 'Filmes da Ana' });
  await rate(ana, anas.id, [
    ['Bacurau', 4.5],
    ['Aquarius', 4],
    ['Central do Brasil', 3],
    ['Cidade de Deus', 5],
    ['O Som ao Redor', 1],
  ]);
  const bias = await createCollection(ctx.app, bia, { name: 'Filmes da Bia' });
  await rate(bia, bias.id, [
    ['BACURAU', 4.5],
    ['Aquárius', 3.5],
    ['central do brasil', 2],
    ['Cidade de Deus', 4.5],
    ['O som ao redor', 0.5],
  ]);
  const secret = await createCollection(ctx.app, bia, { name: 'Só meus', private: true });
  await rate(bia, secret.id, [
    ['Central do Brasil', 3],
    ['Eu, Tu, Eles', 5],
  ]);
  return { ana, bia, secret };
}

describe('GET /api/v1/user/{user_id}/taste', () => {
  it('compares ratings centred on each mean, names the agreements and the biggest disagreement', async () => {
    const { ana, bia } = await anaAndBia();
    // Centred, Ana: 1, 0.5, -0.5, 1.5, -2.5 (mean 3.5); Bia: 1.5, 0.5, -1, 1.5, -2.5 (mean 3).
    // Gaps: 0.5, 0, 0.5, 0, 0, so D = 0.2 and match = round(100 × (1 − 0.2 / 2)) = 90.
    expect(await tasteOf(ana, bia)).toEqual({
      match: 90,
      items_in_common: 5,
      agreements: [
        { name: 'Bacurau', my_rating: 4.5, their_rating: 4.5 },
        { name: 'Cidade de Deus', my_rating: 5, their_rating: 4.5 },
        { name: 'Aquarius', my_rating: 4, their_rating: 3.5 },
        { name: 'O Som ao Redor', my_rating: 1, their_rating: 0.5 },
      ],
      disagreement: { name: 'Central do Brasil', my_rating: 3, their_rating: 2 },
      share_id: null,
    });
    // From her side Bia's private ratings count (they are hers): her newest Central do Brasil is a
    // 3 and her mean 3.5, the numbers of the next test, seen the other way round.
    const fromBia = await tasteOf(bia, ana);
    expect(fromBia).toMatchObject({ match: 85, items_in_common: 5, disagreement: null });
    expect(fromBia.agreements[0]).toEqual({ name: 'BACURAU', my_rating: 4.5, their_rating: 4.5 });
  });

  it('counts a private collection only once the viewer may read it', async () => {
    const { ana, bia, secret } = await anaAndBia();
    expect((await tasteOf(ana, bia)).match).toBe(90);
    await addCollaborator(ctx.app, bia, secret.id, ana, 'viewer');
    // Now Bia's newest Central do Brasil (3) replaces her 2 and "Eu, Tu, Eles" (5) enters her mean:
    // mean 3.5; centred 1, 0, -0.5, 1, -3 against Ana's 1, 0.5, -0.5, 1.5, -2.5; D = 0.3 → 85.
    expect(await tasteOf(ana, bia)).toEqual({
      match: 85,
      items_in_common: 5,
      agreements: [
        { name: 'Bacurau', my_rating: 4.5, their_rating: 4.5 },
        { name: 'Central do Brasil', my_rating: 3, their_rating: 3 },
        { name: 'Cidade de Deus', my_rating: 5, their_rating: 4.5 },
        { name: 'Aquarius', my_rating: 4, their_rating: 3.5 },
        { name: 'O Som ao Redor', my_rating: 1, their_rating: 0.5 },
      ],
      disagreement: null,
      share_id: null,
    });
  });

  it('leaves out items an operator hid, and works of another category with the same name', async () => {
    const { ana, bia } = await anaAndBia();
    const livros = await createCollection(ctx.app, bia, { name: 'Livros da Bia', category_id: LIVROS });
    await rate(bia, livros.id, [['Bacurau', 0.5]]);
    await ctx.db.query(`UPDATE collection_items SET hidden_reason = 'spam' WHERE name = 'Aquárius'`);
    // Four works left in common: no number, the reasons still given.
    const result = await tasteOf(ana, bia);
    expect(result.match).toBeNull();
    expect(result.items_in_common).toBe(4);
    expect(result.agreements.map((a) => a.name)).toEqual(['Bacurau', 'Cidade de Deus', 'O Som ao Redor']);
  });

  it('gives no number below five works in common', async () => {
    const ana = await signUp(ctx.app, { name: 'Ana' });
    const carla = await signUp(ctx.app, { name: 'Carla' });
    const anas = await createCollection(ctx.app, ana, { name: 'Filmes da Ana' });
    await rate(ana, anas.id, [
      ['Bacurau', 4.5],
      ['Aquarius', 4],
      ['Tropa de Elite', 2],
    ]);
    const carlas = await createCollection(ctx.app, carla, { name: 'Filmes da Carla', category_id: FILMES });
    await rate(carla, carlas.id, [
      ['Bacurau', 4.5],
      ['Tropa de Elite', 5],
    ]);
    // An unrated item is no rating.
    await addItem(ctx.app, carla, carlas.id, { name: 'Aquarius' });
    expect(await tasteOf(ana, carla)).toEqual({
      match: null,
      items_in_common: 2,
      agreements: [{ name: 'Bacurau', my_rating: 4.5, their_rating: 4.5 }],
      disagreement: { name: 'Tropa de Elite', my_rating: 2, their_rating: 5 },
      share_id: null,
    });
  });

  it('is hidden (404) when either person turned sharing their activity off', async () => {
    const { ana, bia } = await anaAndBia();
    const sharing = (who: Session, on: boolean) =>
      ctx.request('PUT', '/api/v1/recommendation/settings', who, { share_activity: on });
    await sharing(bia, false);
    expect((await taste(ana, bia)).statusCode).toBe(404);
    await sharing(bia, true);
    expect((await taste(ana, bia)).statusCode).toBe(200);
    await sharing(ana, false);
    expect((await taste(ana, bia)).statusCode).toBe(404);
    expect((await taste(bia, ana)).statusCode).toBe(404);
  });

  it('answers 404 across a block either way, 400 for oneself, 401 signed out', async () => {
    const { ana, bia } = await anaAndBia();
    expect((await taste(undefined, bia)).statusCode).toBe(401);
    const self = await taste(ana, ana);
    expect(self.statusCode).toBe(400);
    expect(self.json().error.fields).toEqual({ user_id: 'tasteSelf' });
    expect((await ctx.request('PUT', `/api/v1/user/${ana.user_id}/block`, bia)).statusCode).toBe(200);
    expect((await taste(ana, bia)).statusCode).toBe(404);
    expect((await taste(bia, ana)).statusCode).toBe(404);
  });
});

describe('shared taste in common', () => {
  const share = (who: Session, whom: Session) =>
    ctx.request('PUT', `/api/v1/user/${whom.user_id}/taste/share`, who);
  const unshare = (who: Session, whom: Session) =>
    ctx.request('DELETE', `/api/v1/user/${whom.user_id}/taste/share`, who);
  const shared = (id: string) => ctx.request('GET', `/api/v1/taste_shares/${id}`);
  async function shareId(who: Session, whom: Session): Promise<string> {
    const res = await share(who, whom);
    if (res.statusCode !== 200) throw new Error(`share: ${res.statusCode} ${res.body}`);
    return (res.json() as { data: { id: string } }).data.id;
  }
  const meta = (html: string, key: string) =>
    new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)"`).exec(html)?.[1];

  it('gives one public link per pair: its answer, page and picture compare public collections only', async () => {
    const { ana, bia } = await anaAndBia();
    const id = await shareId(ana, bia);
    expect(await shareId(ana, bia)).toBe(id);
    expect((await tasteOf(ana, bia)).share_id).toBe(id);
    // Bia has not shared hers.
    expect((await tasteOf(bia, ana)).share_id).toBeNull();

    // Anyone reads it, signed out: the numbers Ana sees, since Bia's private ratings never count.
    const res = await shared(id);
    expect(res.statusCode).toBe(200);
    expect((res.json() as { data: TasteShare }).data).toEqual({
      id,
      owner: { id: ana.user_id, name: 'Ana' },
      other: { id: bia.user_id, name: 'Bia' },
      match: 90,
      items_in_common: 5,
      agreements: [
        { name: 'Bacurau', my_rating: 4.5, their_rating: 4.5 },
        { name: 'Cidade de Deus', my_rating: 5, their_rating: 4.5 },
        { name: 'Aquarius', my_rating: 4, their_rating: 3.5 },
        { name: 'O Som ao Redor', my_rating: 1, their_rating: 0.5 },
      ],
      disagreement: { name: 'Central do Brasil', my_rating: 3, their_rating: 2 },
    });

    // Its page carries its own preview, with its own picture.
    const page = await site.inject({ url: `/taste/${id}` });
    expect(page.statusCode).toBe(200);
    expect(meta(page.body, 'og:title')).toBe('Ana e Bia combinam em 90% · Acervo');
    expect(meta(page.body, 'og:description')).toBe(
      'Gosto em comum no Acervo: 5 itens avaliados pelos dois, de acordo sobre Bacurau, Cidade de Deus, Aquarius, O Som ao Redor.',
    );
    expect(meta(page.body, 'og:image')).toBe(`${PUBLIC_URL}/taste/${id}/card.png`);
    expect(meta(page.body, 'og:image:alt')).toBe('Ana e Bia combinam em 90%');
    const card = await site.inject({ url: `/taste/${id}/card.png` });
    expect(card.statusCode).toBe(200);
    expect(card.headers['content-type']).toBe('image/png');
    expect(await sharp(card.rawPayload).metadata()).toMatchObject({
      format: 'png',
      width: 1200,
      height: 630,
    });
  });

  it('goes down (404, generic page) when taken down, on an opt-out, a block or a suspension', async () => {
    const { ana, bia } = await anaAndBia();
    const id = await shareId(ana, bia);
    const down = async () => {
      expect((await shared(id)).statusCode).toBe(404);
      expect((await site.inject({ url: `/taste/${id}/card.png` })).statusCode).toBe(404);
      expect(meta((await site.inject({ url: `/taste/${id}` })).body, 'og:title')).toBe('Acervo');
    };
    const sharing = (who: Session, on: boolean) =>
      ctx.request('PUT', '/api/v1/recommendation/settings', who, { share_activity: on });

    await sharing(bia, false);
    await down();
    await sharing(bia, true);
    expect((await shared(id)).statusCode).toBe(200);

    expect((await ctx.request('PUT', `/api/v1/user/${ana.user_id}/block`, bia)).statusCode).toBe(200);
    await down();
    expect((await ctx.request('DELETE', `/api/v1/user/${ana.user_id}/block`, bia)).statusCode).toBe(200);
    expect((await shared(id)).statusCode).toBe(200);

    await ctx.db.query('UPDATE users SET suspended_at = now() WHERE id = $1', [ana.user_id]);
    await down();
    await ctx.db.query('UPDATE users SET suspended_at = NULL WHERE id = $1', [ana.user_id]);

    expect((await unshare(ana, bia)).json()).toEqual({ data: { shared: false } });
    await down();
    // A new link is a new address: the old one stays down.
    expect(await shareId(ana, bia)).not.toBe(id);
    await down();
  });

  it('refuses (409) what public collections alone cannot show, and what /taste refuses', async () => {
    const { ana, bia } = await anaAndBia();
    // Ana's own view counts her private ratings; a public link may not.
    await ctx.db.query('UPDATE collections SET private = true WHERE user_id = $1', [ana.user_id]);
    expect((await tasteOf(ana, bia)).match).toBe(90);
    const res = await share(ana, bia);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('TASTE_NOT_SHAREABLE');
    expect((await share(ana, ana)).statusCode).toBe(400);
    expect((await ctx.request('PUT', `/api/v1/user/${bia.user_id}/taste/share`)).statusCode).toBe(401);
    expect((await shared('nao-existe')).statusCode).toBe(404);
    expect((await shared('não existe')).statusCode).toBe(400);
  });

  it('limits what anyone may ask of shared matches, per address (429)', async () => {
    const answers = [];
    for (let i = 0; i <= TASTE_SHARE_REQUESTS_PER_MINUTE; i++) {
      answers.push(
        (await site.inject({ url: `/taste/nada${i}/card.png`, remoteAddress: '203.0.113.9' })).statusCode,
      );
    }
    expect(answers.slice(0, -1).every((status) => status === 404)).toBe(true);
    expect(answers.at(-1)).toBe(429);
    // Another address is not held up.
    expect(
      (await site.inject({ url: '/taste/nada/card.png', remoteAddress: '203.0.113.10' })).statusCode,
    ).toBe(404);
  });
});
