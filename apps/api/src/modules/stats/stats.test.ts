import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Stats } from '@acervo/contract/stats';
import { createTestContext, signUp, type TestContext } from '../../test/test-context.ts';
import {
  addItem,
  createCollection,
  FILMES,
  LIVROS,
  type Session,
} from '../collection/collection.test-helpers.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
beforeEach(() => ctx.reset());
afterAll(() => ctx.close());

const stats = (who: Session | undefined, whom: Session) =>
  ctx.request('GET', `/api/v1/user/${whom.user_id}/stats`, who);
async function statsOf(who: Session, whom: Session): Promise<Stats> {
  const res = await stats(who, whom);
  if (res.statusCode !== 200) throw new Error(`stats: ${res.statusCode} ${res.body}`);
  return (res.json() as { data: Stats }).data;
}
async function rate(who: Session, collectionId: string, ratings: [string, number | undefined][]) {
  for (const [name, rating] of ratings) {
    await addItem(ctx.app, who, collectionId, rating === undefined ? { name } : { name, rating });
  }
}
const today = () => new Date().toISOString().slice(0, 10);
const none = { '0.5': 0, '1': 0, '1.5': 0, '2': 0, '2.5': 0, '3': 0, '3.5': 0, '4': 0, '4.5': 0, '5': 0 };

/** Ana rates films (public) and books (one public collection, one private); Bia rates films. */
async function community() {
  const ana = await signUp(ctx.app, { name: 'Ana' });
  const bia = await signUp(ctx.app, { name: 'Bia' });
  const filmes = await createCollection(ctx.app, ana, { name: 'Filmes da Ana', category_id: FILMES });
  await rate(ana, filmes.id, [
    ['Bacurau', 5],
    ['Aquarius', 4],
    ['Central do Brasil', 3],
    ['Cidade de Deus', 4.5],
    ['O Som ao Redor', 2],
    ['Tropa de Elite', undefined],
  ]);
  const livros = await createCollection(ctx.app, ana, { name: 'Livros da Ana', category_id: LIVROS });
  await rate(ana, livros.id, [
    ['Dom Casmurro', 5],
    ['Grande Sertão: Veredas', 4.5],
  ]);
  const secretos = await createCollection(ctx.app, ana, {
    name: 'Só meus',
    category_id: LIVROS,
    private: true,
  });
  await rate(ana, secretos.id, [['Memórias Póstumas', 0.5]]);
  const bias = await createCollection(ctx.app, bia, { name: 'Filmes da Bia', category_id: FILMES });
  await rate(bia, bias.id, [
    ['Bacurau', 4],
    ['Aquarius', 3],
    ['Central do Brasil', 2],
    ['Cidade de Deus', 4],
    ['O Som ao Redor', 1],
  ]);
  return { ana, bia, filmes, livros };
}

describe('GET /api/v1/user/{user_id}/stats', () => {
  it('gives the owner every rating: histogram, categories, activity, generosity', async () => {
    const { ana } = await community();
    const own = await statsOf(ana, ana);
    expect(own.ratings).toEqual({
      count: 8,
      // (5 + 4 + 3 + 4.5 + 2 + 5 + 4.5 + 0.5) / 8 = 28.5 / 8
      average: 3.56,
      histogram: { ...none, '0.5': 1, '2': 1, '3': 1, '4': 1, '4.5': 2, '5': 2 },
    });
    expect(own.categories).toEqual([
      { category_id: FILMES, category_name: 'Filmes', items: 6, rated: 5, average: 3.7 },
      { category_id: LIVROS, category_name: 'Livros', items: 3, rated: 3, average: 3.33 },
    ]);
    expect(own.activity).toEqual([{ date: today(), count: 9 }]);
    // Bia rated the five films one star lower or so: Ana is the generous one.
    expect(own.generosity).toEqual({ own_average: 3.7, others_average: 2.8, items: 5 });
    // Taste in common (taste.service.ts): Ana's mean 3.5625 over her 8 works, Bia's 2.8; centred
    // gaps 0.2375 four times and 0.2625 (Cidade de Deus), a mean of 0.2425: round(100 × (1 − 0.2425 / 2)) = 88.
    expect(own.closest).toEqual([{ user_id: expect.any(String), name: 'Bia', match: 88 }]);
    expect(own.most_liked_collection).toBeNull();
  });

  it('counts for someone else only what they may read: the private collection never', async () => {
    const { ana, bia, livros } = await community();
    await ctx.request('PUT', `/api/v1/collection/${livros.id}/like`, bia);
    const seen = await statsOf(bia, ana);
    expect(seen.ratings.count).toBe(7);
    expect(seen.ratings.histogram['0.5']).toBe(0);
    expect(seen.categories.find((c) => c.category_id === LIVROS)).toMatchObject({
      items: 2,
      rated: 2,
      average: 4.75,
    });
    expect(seen.activity).toEqual([{ date: today(), count: 8 }]);
    expect(seen.most_liked_collection).toEqual({ id: livros.id, name: 'Livros da Ana', likes_count: 1 });
    // Bia is the closest to Ana as Bia reads Ana: without the private 0.5, Ana's mean is 4 and the
    // centred gaps 0.2, 0.2, 0.2, 0.7, 0.2, a mean of 0.3: 85.
    expect(seen.closest).toEqual([{ user_id: bia.user_id, name: 'Bia', match: 85 }]);
  });

  it('starts empty for someone who rated nothing', async () => {
    const carla = await signUp(ctx.app, { name: 'Carla' });
    expect(await statsOf(carla, carla)).toEqual({
      ratings: { count: 0, average: null, histogram: none },
      categories: [],
      activity: [],
      generosity: null,
      closest: [],
      most_liked_collection: null,
    });
  });

  it('is 404 across a block, for others once the person opts out, and 401 signed out', async () => {
    const { ana, bia } = await community();
    expect((await stats(undefined, ana)).statusCode).toBe(401);
    await ctx.request('PUT', '/api/v1/recommendation/settings', ana, { share_activity: false });
    expect((await stats(bia, ana)).statusCode).toBe(404);
    expect((await stats(ana, ana)).statusCode).toBe(200);
    await ctx.request('PUT', '/api/v1/recommendation/settings', ana, { share_activity: true });
    expect((await ctx.request('PUT', `/api/v1/user/${bia.user_id}/block`, ana)).statusCode).toBe(200);
    expect((await stats(bia, ana)).statusCode).toBe(404);
    // The one who blocked no longer finds Bia among the closest either.
    expect((await statsOf(ana, ana)).closest).toEqual([]);
  });
});

describe('the statistics cache', () => {
  const cachedViews = async (who: Session) =>
    (
      await ctx.db.query<{ view: string }>('SELECT view FROM stats_cache WHERE user_id = $1 ORDER BY view', [
        who.user_id,
      ])
    ).map((row) => row.view);

  it('keeps one answer per view, dropped by the person’s own writes', async () => {
    const { ana, bia, filmes } = await community();
    expect((await statsOf(ana, ana)).ratings.count).toBe(8);
    expect((await statsOf(bia, ana)).ratings.count).toBe(7);
    expect(await cachedViews(ana)).toEqual(['owner', 'public']);

    // A new rating shows at once, to her and to others.
    await rate(ana, filmes.id, [['Aquarius (versão do diretor)', 5]]);
    expect(await cachedViews(ana)).toEqual([]);
    expect((await statsOf(ana, ana)).ratings.count).toBe(9);
    expect((await statsOf(bia, ana)).ratings.count).toBe(8);

    // A collection made private leaves everyone else's view at once.
    await ctx.db.query('UPDATE collections SET private = true WHERE id = $1', [filmes.id]);
    expect((await statsOf(bia, ana)).ratings.count).toBe(2);
    expect((await statsOf(ana, ana)).ratings.count).toBe(9);
  });

  it('checks blocks, the opt-out and who the viewer may hear of on every read, cached or not', async () => {
    const { ana, bia } = await community();
    const carla = await signUp(ctx.app, { name: 'Carla' });
    expect((await statsOf(carla, ana)).closest.map((p) => p.name)).toEqual(['Bia']);
    // Carla mutes Bia: the cached answer no longer names her to Carla, and still does to Ana.
    expect((await ctx.request('PUT', `/api/v1/user/${bia.user_id}/mute`, carla)).statusCode).toBe(200);
    expect((await statsOf(carla, ana)).closest).toEqual([]);
    expect((await statsOf(ana, ana)).closest.map((p) => p.name)).toEqual(['Bia']);
    expect((await ctx.request('PUT', `/api/v1/user/${carla.user_id}/block`, ana)).statusCode).toBe(200);
    expect((await stats(carla, ana)).statusCode).toBe(404);
  });
});
