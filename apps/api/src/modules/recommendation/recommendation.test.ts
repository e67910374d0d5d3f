import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Collection } from '@acervo/contract/collection';
import type { RecommendedCollection, SuggestedPerson } from '@acervo/contract/recommendation';
import { createTestContext, signUp, type TestContext } from '../../test/test-context.ts';
import {
  addCollaborator,
  addItem,
  createCollection,
  FILMES,
  LIVROS,
  SERIES,
  type Session,
} from '../collection/collection.test-helpers.ts';
import { refreshRecommendations, startRecommendationJob } from './recommendation.job.ts';
import { SETTINGS_CHANGES_PER_HOUR } from './recommendation.routes.ts';
import {
  CATEGORY_DISCOUNT,
  diverse,
  RECOMMEND_CACHE_SECONDS,
  RECOMMEND_RESCORE_SECONDS,
  SHARED_CARDS_MS,
} from './recommendation.service.ts';

const RESTAURANTES = 'XHOaoEbIZdwd8BvK';
const CAFES = 'mt1eg6S0bRd3T510';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
beforeEach(() => ctx.reset());
afterAll(() => ctx.close());

const ok = async (method: 'GET' | 'PUT' | 'DELETE', url: string, who: Session, body?: object) => {
  const res = await ctx.request(method, url, who, body);
  if (res.statusCode !== 200) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
  return res.json().data as unknown;
};
const like = (who: Session, c: Collection) => ok('PUT', `/api/v1/collection/${c.id}/like`, who);
const followCollection = (who: Session, c: Collection) => ok('PUT', `/api/v1/collection/${c.id}/follow`, who);
const followPerson = (who: Session, whom: Session) => ok('PUT', `/api/v1/user/${whom.user_id}/follow`, who);
const settings = (who: Session, body: object) => ok('PUT', '/api/v1/recommendation/settings', who, body);
const recommended = async (who: Session, limit = 10) =>
  (await ok('GET', `/api/v1/collection/recommended?limit=${limit}`, who)) as RecommendedCollection[];
const suggested = async (who: Session) =>
  (await ok('GET', '/api/v1/user/suggested', who)) as SuggestedPerson[];
const ids = (list: { id: string }[]) => list.map((x) => x.id);
const refresh = () => refreshRecommendations(ctx.db);
/** The viewer's cached candidates as if scored `seconds` ago. */
const scoredAgo = (who: Session, seconds: number) =>
  ctx.db.query(
    `UPDATE recommendation_cache SET computed_at = now() - make_interval(secs => $2) WHERE user_id = $1`,
    [who.user_id, seconds],
  );

/**
 * A small community: Otto owns the films; Ana and Bia both like "Filmes para chorar" and "Dramas
 * brasileiros", so the two are neighbours. Otto's private collection is liked by its
 * collaborator together with the others, and must never surface.
 */
async function films() {
  const otto = await signUp(ctx.app, { name: 'Otto' });
  const ana = await signUp(ctx.app, { name: 'Ana' });
  const bia = await signUp(ctx.app, { name: 'Bia' });
  const viewer = await signUp(ctx.app, { name: 'Vera' });
  const chorar = await createCollection(ctx.app, otto, {
    name: 'Filmes para chorar',
    description: 'lágrimas',
  });
  const dramas = await createCollection(ctx.app, otto, {
    name: 'Dramas brasileiros',
    description: 'cinema nacional',
  });
  const secret = await createCollection(ctx.app, otto, { name: 'Segredos', private: true });
  const own = await createCollection(ctx.app, viewer, { name: 'Minha lista', category_id: LIVROS });
  await addCollaborator(ctx.app, otto, secret.id, ana, 'viewer');
  for (const fan of [ana, bia]) {
    await like(fan, chorar);
    await like(fan, dramas);
    await like(fan, own);
  }
  await like(ana, secret);
  return { otto, ana, bia, viewer, chorar, dramas, secret, own };
}

/**
 * A community written directly, large enough for a rebuild of several slices: `collections`
 * collections of one owner, `people` people with up to `likes` likes each.
 */
async function likedCommunity(collections: number, people: number, likes: number) {
  const owner = await signUp(ctx.app, { name: 'Dona' });
  await ctx.db.query(
    `INSERT INTO collections (id, user_id, category_id, name)
     SELECT 'carga' || lpad(n::text, 11, '0'), $1, $2, 'Coleção ' || n FROM generate_series(1, $3::int) n`,
    [owner.user_id, FILMES, collections],
  );
  await ctx.db.query(
    `INSERT INTO users (id, name, email)
     SELECT 'pessoa' || lpad(n::text, 10, '0'), 'Pessoa ' || n, 'p' || n || '@carga.acervo.app'
     FROM generate_series(1, $1::int) n`,
    [people],
  );
  await ctx.db.query(
    `INSERT INTO collection_likes (collection_id, user_id)
     SELECT DISTINCT 'carga' || lpad((1 + (p * 37 + k * k * 13) % $1::int)::text, 11, '0'),
       'pessoa' || lpad(p::text, 10, '0')
     FROM generate_series(1, $2::int) p, generate_series(1, $3::int) k`,
    [collections, people, likes],
  );
}

describe('the page’s mix of categories (diverse)', () => {
  const row = (id: string, category_id: string, score: number) => ({ id, category_id, score });
  const page = (rows: ReturnType<typeof row>[], limit: number) =>
    diverse(rows, limit, (r) => r).map((r) => r.id);

  it('lets a near-tied card of another category in before a further card of the same one', () => {
    // Five films within a hair of each other, a book and a series just behind (closer than the
    // discount, which is at least 1% of the best score).
    expect(CATEGORY_DISCOUNT).toBeGreaterThanOrEqual(0.01);
    const rows = [
      ...[0, 1, 2, 3, 4].map((i) => row(`film${i}`, FILMES, 1 - i * 0.0005)),
      row('book', LIVROS, 0.995),
      row('series', SERIES, 0.994),
    ];
    expect(page(rows, 4)).toEqual(['film0', 'book', 'series', 'film1']);
  });

  it('keeps clearly stronger cards of one category ahead of weaker ones of others', () => {
    const rows = [
      ...[1, 0.95, 0.9, 0.85].map((score, i) => row(`film${i}`, FILMES, score)),
      row('book', LIVROS, 0.5),
      row('series', SERIES, 0.4),
    ];
    expect(page(rows, 4)).toEqual(['film0', 'film1', 'film2', 'film3']);
    // The discount grows with every card of the category already shown.
    const tight = [
      ...[0, 1, 2, 3].map((i) => row(`film${i}`, FILMES, 1 - (i * CATEGORY_DISCOUNT) / 2)),
      row('book', LIVROS, 1 - 2.5 * CATEGORY_DISCOUNT),
    ];
    expect(page(tight, 4)).toEqual(['film0', 'film1', 'book', 'film2']);
  });

  it('fills the page from what there is, and breaks exact ties towards the category shown less', () => {
    const rows = [row('a', FILMES, 0), row('b', FILMES, 0), row('c', LIVROS, 0), row('d', FILMES, -0.5)];
    expect(page(rows, 3)).toEqual(['a', 'c', 'b']);
    expect(page(rows, 10)).toEqual(['a', 'c', 'b', 'd']);
  });
});

describe('GET /api/v1/collection/recommended', () => {
  it('needs a signed-in user and a sane limit', async () => {
    expect((await ctx.request('GET', '/api/v1/collection/recommended')).statusCode).toBe(401);
    const vera = await signUp(ctx.app);
    const res = await ctx.request('GET', '/api/v1/collection/recommended?limit=zero', vera);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('VALIDATION_FAILED');
  });

  it('explains a co-liked collection by the one the viewer liked, never their own, private or liked ones', async () => {
    const { viewer, chorar, dramas, secret, own } = await films();
    await like(viewer, chorar);
    await refresh();

    const list = await recommended(viewer);
    expect(ids(list)).not.toContain(chorar.id);
    expect(ids(list)).not.toContain(own.id);
    expect(ids(list)).not.toContain(secret.id);
    const pick = list.find((c) => c.id === dramas.id);
    expect(pick?.reason).toEqual({
      code: 'because_you',
      params: { collection_id: chorar.id, collection_name: 'Filmes para chorar', signal: 'like' },
    });
    // The reason is true: the viewer does like the collection it names.
    const named = (await ok('GET', `/api/v1/collection/${chorar.id}`, viewer)) as Collection;
    expect(named.liked_by_me).toBe(true);
    // A followed collection is left out too.
    await followCollection(viewer, dramas);
    expect(ids(await recommended(viewer))).not.toContain(dramas.id);
  });

  it('counts the viewer’s own new like at once after a quiet minute, without waiting for a rebuild', async () => {
    const { viewer, chorar, dramas } = await films();
    await refresh();
    expect((await recommended(viewer)).find((c) => c.id === dramas.id)?.reason.code).toBe('popular');
    await scoredAgo(viewer, RECOMMEND_RESCORE_SECONDS + 1);
    await like(viewer, chorar);
    expect((await recommended(viewer)).find((c) => c.id === dramas.id)?.reason.code).toBe('because_you');
  });

  it('takes what the viewer likes or saves off the strip at once, and counts it within a minute', async () => {
    const { viewer, chorar, dramas } = await films();
    const ana = await signUp(ctx.app, { name: 'Ana 2' });
    const other = await createCollection(ctx.app, ana, { name: 'Filmes de domingo', category_id: FILMES });
    await refresh();
    // Shown twice: the second time is the page picked before (decision 072).
    for (let i = 0; i < 2; i++)
      expect(ids(await recommended(viewer))).toEqual(expect.arrayContaining([chorar.id, other.id]));
    await like(viewer, chorar);
    const liked = await recommended(viewer);
    expect(ids(liked)).not.toContain(chorar.id);
    // Scored a moment ago: the like counts once they are a minute old.
    expect(liked.find((c) => c.id === dramas.id)?.reason.code).toBe('popular');
    expect(ids(await recommended(viewer))).not.toContain(chorar.id);
    expect((await ctx.request('POST', `/api/v1/collection/${other.id}/save`, viewer, {})).statusCode).toBe(
      201,
    );
    expect(ids(await recommended(viewer))).not.toContain(other.id);
    await scoredAgo(viewer, RECOMMEND_RESCORE_SECONDS + 1);
    const later = await recommended(viewer);
    expect(later.find((c) => c.id === dramas.id)?.reason.code).toBe('because_you');
    expect(ids(later)).not.toContain(chorar.id);
    expect(ids(later)).not.toContain(other.id);
  });

  it('mixes categories among near-tied suggestions', async () => {
    const otto = await signUp(ctx.app);
    const viewer = await signUp(ctx.app);
    // One strong suggestion (liked together with the viewer's seed) sets the page's scale.
    const seed = await createCollection(ctx.app, otto, {
      name: 'Samba',
      description: 'roda',
      category_id: CAFES,
    });
    const strong = await createCollection(ctx.app, otto, {
      name: 'Choro',
      description: 'regional',
      category_id: CAFES,
    });
    for (let i = 0; i < 3; i++) {
      const fan = await signUp(ctx.app);
      await like(fan, seed);
      await like(fan, strong);
    }
    // Then popular ones only, films a little ahead: liked by three people, the book and the series by two.
    const crowd = [await signUp(ctx.app), await signUp(ctx.app), await signUp(ctx.app)];
    for (let i = 0; i < 6; i++) {
      const film = await createCollection(ctx.app, otto, { name: `Filmes ${i}`, category_id: FILMES });
      for (const person of crowd) await like(person, film);
    }
    for (const category_id of [LIVROS, SERIES]) {
      const c = await createCollection(ctx.app, otto, { name: 'Outra', category_id });
      for (const person of crowd.slice(1)) await like(person, c);
    }
    await like(viewer, seed);
    await refresh();
    const list = await recommended(viewer, 5);
    expect(list[0]!.id).toBe(strong.id);
    const rest = list.slice(1);
    expect(rest.filter((c) => c.category_id === FILMES)).toHaveLength(2);
    expect(new Set(rest.map((c) => c.category_id))).toEqual(new Set([FILMES, LIVROS, SERIES]));
    expect(rest.every((c) => c.reason.code === 'popular')).toBe(true);
  });

  it('still shows clearly stronger suggestions when they share a category', async () => {
    const otto = await signUp(ctx.app);
    const viewer = await signUp(ctx.app);
    const fans = [await signUp(ctx.app), await signUp(ctx.app), await signUp(ctx.app)];
    const seed = await createCollection(ctx.app, otto, { name: 'Clássicos', category_id: FILMES });
    const films = [];
    for (let i = 0; i < 4; i++) {
      films.push(await createCollection(ctx.app, otto, { name: `Filmes ${i}`, category_id: FILMES }));
    }
    for (const fan of fans) {
      for (const c of [seed, ...films]) await like(fan, c);
    }
    // More popular than any film, but liked by other people: nothing the viewer did points at them.
    const crowd = [
      await signUp(ctx.app),
      await signUp(ctx.app),
      await signUp(ctx.app),
      await signUp(ctx.app),
    ];
    for (const category_id of [LIVROS, SERIES]) {
      const c = await createCollection(ctx.app, otto, { name: 'Outra coisa', category_id });
      for (const person of crowd) await like(person, c);
    }
    await like(viewer, seed);
    await refresh();
    const list = await recommended(viewer, 4);
    expect(ids(list).sort()).toEqual(ids(films).sort());
    expect(list.every((c) => c.reason.code === 'because_you')).toBe(true);
  });

  it('prefers what is popular in the category the viewer is mostly into over a little more popular one', async () => {
    const otto = await signUp(ctx.app);
    const viewer = await signUp(ctx.app);
    for (const [i, category_id] of [FILMES, FILMES, LIVROS, FILMES, FILMES].entries()) {
      const seed = { name: `Semente ${i}`, description: `marca${'abcde'[i]}`, category_id };
      await like(viewer, await createCollection(ctx.app, otto, seed));
    }
    // Liked by people the viewer shares nothing with, and no word in common with the seeds: only
    // popularity and category speak for them.
    const film = await createCollection(ctx.app, otto, {
      name: 'Noite',
      description: 'lua',
      category_id: FILMES,
    });
    const book = await createCollection(ctx.app, otto, {
      name: 'Dia',
      description: 'sol',
      category_id: LIVROS,
    });
    for (let i = 0; i < 3; i++) {
      const person = await signUp(ctx.app);
      if (i < 2) await like(person, film);
      await like(person, book);
    }
    await refresh();
    const list = await recommended(viewer);
    expect(ids(list)).toEqual([film.id, book.id]);
    expect(list[0]!.reason).toEqual({ code: 'popular_in_category', params: { category_name: 'Filmes' } });
  });

  it('says how many people the viewer follows liked it, leaving out those who opted out, are muted or suspended', async () => {
    const otto = await signUp(ctx.app);
    const viewer = await signUp(ctx.app);
    const target = await createCollection(ctx.app, otto, { name: 'Bares de BH', category_id: LIVROS });
    const friends = [await signUp(ctx.app), await signUp(ctx.app), await signUp(ctx.app)];
    for (const friend of friends) {
      await followPerson(viewer, friend);
      await like(friend, target);
    }
    const reasonOf = async () => (await recommended(viewer)).find((c) => c.id === target.id)?.reason;
    expect(await reasonOf()).toEqual({ code: 'followed_liked', params: { count: 3 } });
    await settings(friends[0]!, { share_activity: false });
    expect(await reasonOf()).toEqual({ code: 'followed_liked', params: { count: 2 } });
    // Nor one the viewer muted, nor a suspended one: counted again once unmuted or reinstated.
    await ok('PUT', `/api/v1/user/${friends[1]!.user_id}/mute`, viewer);
    expect(await reasonOf()).toEqual({ code: 'followed_liked', params: { count: 1 } });
    await ctx.db.query('UPDATE users SET suspended_at = now() WHERE id = $1', [friends[2]!.user_id]);
    expect((await reasonOf())?.code).not.toBe('followed_liked');
    await ctx.db.query('UPDATE users SET suspended_at = NULL WHERE id = $1', [friends[2]!.user_id]);
    await ok('DELETE', `/api/v1/user/${friends[1]!.user_id}/mute`, viewer);
    expect(await reasonOf()).toEqual({ code: 'followed_liked', params: { count: 2 } });
  });

  it('leaves the activity of people who opted out out of the neighbours at the next rebuild', async () => {
    const { ana, bia, viewer, chorar, dramas } = await films();
    await like(viewer, chorar);
    await settings(ana, { share_activity: false });
    await settings(bia, { share_activity: false });
    await refresh();
    expect((await recommended(viewer)).find((c) => c.id === dramas.id)?.reason.code).not.toBe('because_you');
  });

  it('suggests by content for collections nobody liked yet: "parecida com ..."', async () => {
    const otto = await signUp(ctx.app);
    const viewer = await signUp(ctx.app);
    const sp = await createCollection(ctx.app, otto, {
      name: 'Cafés de SP',
      description: 'Cafés especiais e torrefações',
      category_id: CAFES,
    });
    const rio = await createCollection(ctx.app, otto, {
      name: 'Cafés especiais do Rio',
      description: 'Torrefações pequenas',
      category_id: CAFES,
    });
    await createCollection(ctx.app, otto, { name: 'Livros de terror', category_id: LIVROS });
    await like(viewer, sp);
    await refresh();
    expect((await recommended(viewer)).find((c) => c.id === rio.id)?.reason).toEqual({
      code: 'similar_to',
      params: { collection_id: sp.id, collection_name: 'Cafés de SP' },
    });
  });

  it('suggests a collection holding an item the viewer rated 4 or more', async () => {
    const otto = await signUp(ctx.app);
    const viewer = await signUp(ctx.app);
    const mine = await createCollection(ctx.app, viewer, { name: 'Meus filmes' });
    await addItem(ctx.app, viewer, mine.id, { name: 'Central do Brasil', rating: 5 });
    const theirs = await createCollection(ctx.app, otto, { name: 'Nacionais', category_id: SERIES });
    await addItem(ctx.app, otto, theirs.id, { name: 'central do brasil' });
    expect((await recommended(viewer)).find((c) => c.id === theirs.id)?.reason).toEqual({
      code: 'rated_item',
      params: { item_name: 'Central do Brasil', rating: 5 },
    });
  });

  it('an item an operator hid matches no rated work: its collection is not suggested for it, nor named by it', async () => {
    const otto = await signUp(ctx.app);
    const viewer = await signUp(ctx.app);
    const mine = await createCollection(ctx.app, viewer, { name: 'Meus filmes' });
    await addItem(ctx.app, viewer, mine.id, { name: 'Central do Brasil', rating: 5 });
    await addItem(ctx.app, viewer, mine.id, { name: 'Bacurau', rating: 4 });
    const onlyHidden = await createCollection(ctx.app, otto, { name: 'Nacionais', category_id: SERIES });
    const both = await createCollection(ctx.app, otto, { name: 'Pernambuco', category_id: SERIES });
    const hidden = [
      await addItem(ctx.app, otto, onlyHidden.id, { name: 'Central do Brasil' }),
      await addItem(ctx.app, otto, both.id, { name: 'Central do Brasil' }),
    ];
    await addItem(ctx.app, otto, both.id, { name: 'Bacurau' });
    await ctx.db.query(`UPDATE collection_items SET hidden_reason = 'spam' WHERE id = ANY($1)`, [
      hidden.map((item) => item.id),
    ]);
    const list = await recommended(viewer);
    expect(list.find((c) => c.id === onlyHidden.id)?.reason.code ?? 'popular').toBe('popular');
    // The shown item still counts, and the reason names it, not the better-rated hidden one.
    expect(list.find((c) => c.id === both.id)?.reason).toEqual({
      code: 'rated_item',
      params: { item_name: 'Bacurau', rating: 4 },
    });
  });

  it('meets a rated work by its identity: accents and spaces aside, and a year that disagrees is another work', async () => {
    const otto = await signUp(ctx.app);
    const viewer = await signUp(ctx.app);
    const mine = await createCollection(ctx.app, viewer, { name: 'Meus filmes' });
    await addItem(ctx.app, viewer, mine.id, { name: 'Duna', rating: 5, year: 2021 });
    await addItem(ctx.app, viewer, mine.id, { name: 'O Auto da Compadecida', rating: 4.5 });
    const compadecida = await createCollection(ctx.app, otto, { name: 'Comédias' });
    await addItem(ctx.app, otto, compadecida.id, { name: '  o auto da  compadecida', year: 2000 });
    const lynch = await createCollection(ctx.app, otto, { name: 'Lynch' });
    await addItem(ctx.app, otto, lynch.id, { name: 'Duna', year: 1984 });
    const villeneuve = await createCollection(ctx.app, otto, { name: 'Villeneuve' });
    await addItem(ctx.app, otto, villeneuve.id, { name: 'DUNA', year: 2021 });
    const list = await recommended(viewer);
    expect(list.find((c) => c.id === compadecida.id)?.reason).toEqual({
      code: 'rated_item',
      params: { item_name: 'O Auto da Compadecida', rating: 4.5 },
    });
    expect(list.find((c) => c.id === villeneuve.id)?.reason).toEqual({
      code: 'rated_item',
      params: { item_name: 'Duna', rating: 5 },
    });
    expect(list.find((c) => c.id === lynch.id)?.reason.code).not.toBe('rated_item');
  });

  it('"não tenho interesse" hides a collection and lowers its neighbours', async () => {
    const otto = await signUp(ctx.app);
    const viewer = await signUp(ctx.app);
    const fans = [await signUp(ctx.app), await signUp(ctx.app), await signUp(ctx.app)];
    const boring = await createCollection(ctx.app, otto, { name: 'Chatos', category_id: FILMES });
    const twin = await createCollection(ctx.app, otto, { name: 'Gêmeo', category_id: LIVROS });
    const other = await createCollection(ctx.app, otto, { name: 'Outra', category_id: SERIES });
    // twin is more popular than other (2 likes to 1), and shares its fans with boring.
    for (const fan of fans.slice(0, 2)) {
      await like(fan, boring);
      await like(fan, twin);
    }
    await like(fans[2]!, other);
    await refresh();
    const before = ids(await recommended(viewer));
    expect(before.indexOf(twin.id)).toBeLessThan(before.indexOf(other.id));

    const res = await ctx.request('PUT', `/api/v1/collection/${boring.id}/not_interested`, viewer);
    expect(res.json()).toEqual({ data: { id: boring.id, dismissed: true } });
    const after = ids(await recommended(viewer));
    expect(after).not.toContain(boring.id);
    const twinAt = after.indexOf(twin.id);
    expect(twinAt === -1 || twinAt > after.indexOf(other.id)).toBe(true);

    await ok('DELETE', `/api/v1/collection/${boring.id}/not_interested`, viewer);
    expect(ids(await recommended(viewer))).toContain(boring.id);
  });

  it('refuses "não tenho interesse" on a collection the viewer may not read (404)', async () => {
    const otto = await signUp(ctx.app);
    const viewer = await signUp(ctx.app);
    const secret = await createCollection(ctx.app, otto, { private: true });
    const res = await ctx.request('PUT', `/api/v1/collection/${secret.id}/not_interested`, viewer);
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('NOT_FOUND');
  });

  it('with personalisation off shows popularity only', async () => {
    const { viewer, chorar, dramas } = await films();
    await like(viewer, chorar);
    await refresh();
    expect(await settings(viewer, { personalize: false })).toEqual({
      personalize: false,
      share_activity: true,
    });
    const list = await recommended(viewer);
    expect(list.map((c) => c.reason.code)).toEqual(list.map(() => 'popular'));
    expect(ids(list)).toContain(dramas.id);
    expect(ids(list)).not.toContain(chorar.id);
  });
});

describe('GET /api/v1/user/suggested', () => {
  it('suggests people who rated the same items alike, naming the items and the rating', async () => {
    const viewer = await signUp(ctx.app, { name: 'Vera' });
    const twin = await signUp(ctx.app, { name: 'Téo' });
    const hidden = await signUp(ctx.app, { name: 'Oculta' });
    const mine = await createCollection(ctx.app, viewer, { name: 'Meus filmes' });
    const theirs = await createCollection(ctx.app, twin, { name: 'Favoritos' });
    const secret = await createCollection(ctx.app, hidden, { name: 'Só meus', private: true });
    for (const [c, who] of [
      [mine, viewer],
      [theirs, twin],
      [secret, hidden],
    ] as const) {
      await addItem(ctx.app, who, c.id, { name: 'Central do Brasil', rating: 4.5 });
      await addItem(ctx.app, who, c.id, { name: 'Cidade de Deus', rating: 4.5 });
    }
    const people = await suggested(viewer);
    expect(people.find((p) => p.id === twin.user_id)?.reason).toEqual({
      code: 'rated_alike',
      params: { items: ['Central do Brasil', 'Cidade de Deus'], rating: 4.5 },
    });
    // Items of a private collection are never matched, let alone named.
    expect(people.find((p) => p.id === hidden.user_id)?.reason.code ?? 'popular').toBe('popular');
    expect(ids(people)).not.toContain(viewer.user_id);
  });

  it('matches no one on an item an operator hid, nor names it', async () => {
    const viewer = await signUp(ctx.app, { name: 'Vera' });
    const twin = await signUp(ctx.app, { name: 'Téo' });
    const mine = await createCollection(ctx.app, viewer, { name: 'Meus filmes' });
    await addItem(ctx.app, viewer, mine.id, { name: 'Central do Brasil', rating: 5 });
    await addItem(ctx.app, viewer, mine.id, { name: 'Bacurau', rating: 4 });
    const theirs = await createCollection(ctx.app, twin, { name: 'Favoritos' });
    const hidden = await addItem(ctx.app, twin, theirs.id, { name: 'Central do Brasil', rating: 5 });
    await addItem(ctx.app, twin, theirs.id, { name: 'Bacurau', rating: 4 });
    await ctx.db.query(`UPDATE collection_items SET hidden_reason = 'spam' WHERE id = $1`, [hidden.id]);
    expect((await suggested(viewer)).find((p) => p.id === twin.user_id)?.reason).toEqual({
      code: 'rated_alike',
      params: { items: ['Bacurau'], rating: 4 },
    });
  });

  it('meets people on the same work whatever its accents, and not on a namesake of another year', async () => {
    const viewer = await signUp(ctx.app, { name: 'Vera' });
    const twin = await signUp(ctx.app, { name: 'Téo' });
    const namesake = await signUp(ctx.app, { name: 'Homônimo' });
    const mine = await createCollection(ctx.app, viewer, { name: 'Meus filmes' });
    await addItem(ctx.app, viewer, mine.id, { name: 'Estação Central', rating: 4, year: 1998 });
    const theirs = await createCollection(ctx.app, twin, { name: 'Favoritos' });
    await addItem(ctx.app, twin, theirs.id, { name: 'estacao  central', rating: 4 });
    const other = await createCollection(ctx.app, namesake, { name: 'Outros' });
    await addItem(ctx.app, namesake, other.id, { name: 'Estação Central', rating: 4, year: 2015 });
    const people = await suggested(viewer);
    expect(people.find((p) => p.id === twin.user_id)?.reason).toEqual({
      code: 'rated_alike',
      params: { items: ['estacao  central'], rating: 4 },
    });
    expect(people.find((p) => p.id === namesake.user_id)?.reason.code ?? 'popular').toBe('popular');
  });

  it('counts collections liked in common by category, and respects opt-out, follows and dismissals', async () => {
    const otto = await signUp(ctx.app);
    const viewer = await signUp(ctx.app);
    const match = await signUp(ctx.app, { name: 'Rui' });
    for (let i = 0; i < 3; i++) {
      const c = await createCollection(ctx.app, otto, {
        name: `Restaurantes ${i}`,
        category_id: RESTAURANTES,
      });
      await like(viewer, c);
      await like(match, c);
    }
    const reasonOf = async () => (await suggested(viewer)).find((p) => p.id === match.user_id)?.reason;
    expect(await reasonOf()).toEqual({
      code: 'shared_collections',
      params: { count: 3, category_name: 'Restaurantes' },
    });

    await settings(match, { share_activity: false });
    expect(await reasonOf()).toBeUndefined();
    await settings(match, { share_activity: true });

    await ok('PUT', `/api/v1/user/${match.user_id}/not_interested`, viewer);
    expect(await reasonOf()).toBeUndefined();
    await ok('DELETE', `/api/v1/user/${match.user_id}/not_interested`, viewer);
    expect(await reasonOf()).toBeDefined();

    await followPerson(viewer, match);
    expect(await reasonOf()).toBeUndefined();
  });

  it('refuses dismissing oneself (400) or nobody (404)', async () => {
    const viewer = await signUp(ctx.app);
    const self = await ctx.request('PUT', `/api/v1/user/${viewer.user_id}/not_interested`, viewer);
    expect(self.statusCode).toBe(400);
    const nobody = await ctx.request('PUT', '/api/v1/user/ninguem/not_interested', viewer);
    expect(nobody.statusCode).toBe(404);
  });
});

describe('/api/v1/recommendation/settings', () => {
  it('starts on, changes one switch at a time, rejects bad bodies, and goes into the export', async () => {
    const viewer = await signUp(ctx.app);
    expect(await ok('GET', '/api/v1/recommendation/settings', viewer)).toEqual({
      personalize: true,
      share_activity: true,
    });
    expect(await settings(viewer, { share_activity: false })).toEqual({
      personalize: true,
      share_activity: false,
    });
    const bad = await ctx.request('PUT', '/api/v1/recommendation/settings', viewer, { personalize: 'no' });
    expect(bad.statusCode).toBe(400);
    const exported = (await ctx.request('GET', `/api/v1/user/${viewer.user_id}/export`, viewer)).json() as {
      account: Record<string, unknown>;
    };
    expect(exported.account).toMatchObject({ personalize: true, share_activity: false });
  });

  it('takes so many changes an hour from one person, then 429: each drops the caches of their followers', async () => {
    const [viewer, other] = [await signUp(ctx.app), await signUp(ctx.app)];
    for (let i = 0; i < SETTINGS_CHANGES_PER_HOUR; i++) {
      await settings(viewer, { share_activity: i % 2 === 0 });
    }
    const refused = await ctx.request('PUT', '/api/v1/recommendation/settings', viewer, {
      share_activity: true,
    });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.code).toBe('RATE_LIMITED');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Nothing changed; reading them is not limited, and the limit is per person.
    expect(await ok('GET', '/api/v1/recommendation/settings', viewer)).toEqual({
      personalize: true,
      share_activity: false,
    });
    expect(await settings(other, { personalize: false })).toEqual({
      personalize: false,
      share_activity: true,
    });
  });
});

describe('the precompute job', () => {
  const dirty = async () =>
    (await ctx.db.query<{ n: number }>('SELECT count(*)::int AS n FROM recommendation_dirty'))[0]!.n;

  it('recomputes only what changed, and picks up a new like at the next run', async () => {
    const { ana, viewer, chorar } = await films();
    expect((await refresh()).rebuilt).toBe(true);
    expect(await dirty()).toBe(0);
    expect((await refresh()).rebuilt).toBe(false);

    // Ana likes a new collection: only it and... nothing else is dirty (the like's collection).
    const otto2 = await signUp(ctx.app);
    const fresh = await createCollection(ctx.app, otto2, { name: 'Cinema mudo', category_id: SERIES });
    await like(ana, fresh);
    await like(viewer, chorar);
    expect((await recommended(viewer)).find((c) => c.id === fresh.id)?.reason.code).not.toBe('because_you');
    const run = await refresh();
    expect(run).toMatchObject({ rebuilt: true, remaining: 0 });
    expect(run.collections).toBe(2);
    // chorar's list now holds the new collection (Ana likes both), written both ways.
    expect((await recommended(viewer)).find((c) => c.id === fresh.id)?.reason).toEqual({
      code: 'because_you',
      params: { collection_id: chorar.id, collection_name: 'Filmes para chorar', signal: 'like' },
    });
  });

  it("keeps a viewer's suggestions through runs that recompute none of their seeds, until they age out", async () => {
    const { ana, viewer, chorar } = await films();
    await like(viewer, chorar);
    await refresh();
    await recommended(viewer);

    // Ana likes a new collection: its neighbours (and chorar's list) change, not the viewer's seeds.
    const otto2 = await signUp(ctx.app);
    const fresh = await createCollection(ctx.app, otto2, { name: 'Cinema mudo', category_id: SERIES });
    await like(ana, fresh);
    expect(await refresh()).toMatchObject({ rebuilt: true, collections: 1 });
    expect((await recommended(viewer)).find((c) => c.id === fresh.id)).toBeUndefined();

    // Ten minutes later they are scored again, with what Ana did.
    await scoredAgo(viewer, RECOMMEND_CACHE_SECONDS + 1);
    expect((await recommended(viewer)).find((c) => c.id === fresh.id)?.reason).toEqual({
      code: 'because_you',
      params: { collection_id: chorar.id, collection_name: 'Filmes para chorar', signal: 'like' },
    });
  });

  it('stops a run at its cap, and the next run goes on from there', async () => {
    const { viewer, chorar, dramas } = await films();
    await like(viewer, chorar);
    const total = await dirty();
    expect(total).toBeGreaterThan(2);
    const first = await refreshRecommendations(ctx.db, { maxCollections: 2 });
    expect(first).toMatchObject({ rebuilt: true, collections: 2, remaining: total - 2 });
    const second = await refreshRecommendations(ctx.db, { maxCollections: 1_000 });
    expect(second).toMatchObject({ rebuilt: true, collections: total - 2, remaining: 0 });
    expect((await recommended(viewer)).find((c) => c.id === dramas.id)?.reason.code).toBe('because_you');
  });

  it('runs right after start and stops cleanly', async () => {
    const { viewer, chorar, dramas } = await films();
    await like(viewer, chorar);
    const job = startRecommendationJob(ctx.db, ctx.app.log, 60_000);
    let code: string | undefined;
    for (let i = 0; i < 50 && code !== 'because_you'; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      code = (await recommended(viewer)).find((c) => c.id === dramas.id)?.reason.code;
    }
    await job.stop();
    expect(code).toBe('because_you');
  });

  it('a slice cut short between its parts is done again, and what it left behind is not used', async () => {
    const { viewer, chorar, dramas, secret } = await films();
    await refresh();
    // As if a process died after a slice wrote its similarities and before it used them (on PGlite
    // the parts commit one by one): a stray row for "Filmes para chorar", pointing at the private
    // collection, and the collection still dirty.
    await ctx.db.query(
      `INSERT INTO recommendation_scratch (collection_id, kind, neighbor_id, score, rank) VALUES ($1, 'cf', $2, 0.99, 1)`,
      [chorar.id, secret.id],
    );
    await ctx.db.query(
      `INSERT INTO recommendation_dirty (collection_id) VALUES ($1) ON CONFLICT DO NOTHING`,
      [chorar.id],
    );
    const report = await refresh();
    expect(report.collections).toBeGreaterThan(0);
    const rows = await ctx.db.query<{ neighbor_id: string }>(
      `SELECT neighbor_id FROM collection_neighbors WHERE collection_id = $1 AND kind = 'cf'`,
      [chorar.id],
    );
    expect(rows.map((r) => r.neighbor_id)).toContain(dramas.id);
    expect(rows.map((r) => r.neighbor_id)).not.toContain(secret.id);
    expect(await ctx.db.query('SELECT 1 FROM recommendation_scratch')).toEqual([]);
    await like(viewer, chorar);
    expect(ids(await recommended(viewer))).toContain(dramas.id);
  });

  it('two runs asked for at once in one process both end, and every collection keeps its neighbours', async () => {
    await likedCommunity(80, 30, 12);
    // Which collections have co-liked neighbours, and how many at most: what the data decides,
    // whatever order the slices ran in (the rows themselves depend on it: reverse rows are written
    // into lists that exist at the time).
    const lists = () =>
      ctx.db.query<{ collections: number; longest: number }>(
        `SELECT count(*)::int AS collections, max(n)::int AS longest FROM (
           SELECT collection_id, count(*) AS n FROM collection_neighbors WHERE kind = 'cf' GROUP BY collection_id) l`,
      );
    const runs = await Promise.allSettled([
      refreshRecommendations(ctx.db, { full: true, maxCollections: Infinity, pause: 1 }),
      refreshRecommendations(ctx.db, { full: true, maxCollections: Infinity, pause: 1 }),
    ]);
    expect(runs.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled']);
    expect(await ctx.db.query('SELECT 1 FROM recommendation_scratch')).toEqual([]);
    const [atOnce] = await lists();
    expect(atOnce!.collections).toBe(80);
    expect(atOnce!.longest).toBeLessThanOrEqual(50);
    await refreshRecommendations(ctx.db, { full: true, maxCollections: Infinity });
    expect(await lists()).toEqual([atOnce]);
  });

  it('lets a request through between its slices: it answers before the rebuild ends, in about its normal time', async () => {
    // A community large enough for a rebuild of several slices: 300 collections, 60 people with
    // 20 likes each, written directly.
    await likedCommunity(300, 60, 20);
    const reader = await signUp(ctx.app, { name: 'Leitora' });
    const url = '/api/v1/collection/carga00000000001';
    const timed = async () => {
      const at = performance.now();
      const res = await ctx.request('GET', url, reader);
      expect(res.statusCode).toBe(200);
      return performance.now() - at;
    };
    await timed();
    const quiet: number[] = [];
    for (let i = 0; i < 5; i++) quiet.push(await timed());
    const normal = quiet.sort((a, b) => a - b)[2]!;

    // As the job runs it (pausing between slices as long as each took); the request is sent as
    // soon as the first slice has committed, and must be answered before the rebuild ends.
    let finished = false;
    let during: Promise<number> | undefined;
    const report = await refreshRecommendations(ctx.db, {
      full: true,
      maxCollections: Infinity,
      pause: 1,
      onSlice: () => {
        during ??= timed().then((ms) => {
          expect(finished).toBe(false);
          return ms;
        });
      },
    });
    finished = true;
    expect(report.slices).toBeGreaterThan(1);
    const ms = await during!;
    // It waited for about one hold of the database at most (a slice, or on PGlite a part of one),
    // never for the rebuild.
    expect(report.longest_hold_ms).toBeGreaterThan(0);
    expect(report.longest_hold_ms).toBeLessThanOrEqual(report.longest_slice_ms);
    expect(ms).toBeLessThan(normal + Math.max(200, 2 * report.longest_hold_ms));
    expect(ms).toBeLessThan(report.ms);
  }, 120_000);
});

describe('cached candidates', () => {
  it('drop a collection made private, or whose owner blocked the viewer, at once', async () => {
    const { otto, viewer, chorar, dramas } = await films();
    await like(viewer, chorar);
    await refresh();
    expect(ids(await recommended(viewer))).toContain(dramas.id);
    const res = await ctx.request('PUT', `/api/v1/collection/${dramas.id}`, otto, {
      category_id: FILMES,
      name: 'Dramas brasileiros',
      description: 'cinema nacional',
      private: true,
    });
    expect(res.statusCode).toBe(200);
    expect(ids(await recommended(viewer))).not.toContain(dramas.id);

    await ctx.request('PUT', `/api/v1/collection/${dramas.id}`, otto, {
      category_id: FILMES,
      name: 'Dramas brasileiros',
      description: 'cinema nacional',
      private: false,
    });
    expect(ids(await recommended(viewer))).toContain(dramas.id);
    expect((await ctx.request('PUT', `/api/v1/user/${viewer.user_id}/block`, otto)).statusCode).toBe(200);
    const after = await recommended(viewer);
    expect(after.filter((c) => c.user_id === otto.user_id)).toEqual([]);
  });

  it('stop naming a seed the viewer may no longer read', async () => {
    const { otto, viewer, chorar, dramas } = await films();
    await like(viewer, chorar);
    await refresh();
    expect((await recommended(viewer)).find((c) => c.id === dramas.id)?.reason.code).toBe('because_you');
    await ctx.request('PUT', `/api/v1/collection/${chorar.id}`, otto, {
      category_id: FILMES,
      name: 'Filmes para chorar',
      description: 'lágrimas',
      private: true,
    });
    const reason = (await recommended(viewer)).find((c) => c.id === dramas.id)?.reason;
    expect(reason?.code).not.toBe('because_you');
  });
  it('name a renamed seed by its new name at once, on a page shown before', async () => {
    const { otto, viewer, chorar, dramas } = await films();
    await like(viewer, chorar);
    await refresh();
    const seedName = async () => {
      const reason = (await recommended(viewer)).find((c) => c.id === dramas.id)?.reason;
      return reason?.code === 'because_you' ? reason.params.collection_name : reason?.code;
    };
    expect(await seedName()).toBe('Filmes para chorar');
    expect(await seedName()).toBe('Filmes para chorar');
    const res = await ctx.request('PUT', `/api/v1/collection/${chorar.id}`, otto, {
      category_id: FILMES,
      name: 'Filmes para se emocionar',
      description: 'lágrimas',
    });
    expect(res.statusCode).toBe(200);
    expect(await seedName()).toBe('Filmes para se emocionar');
  });

  it('show the viewer their own comment counted at once on a page shown before', async () => {
    const { viewer, chorar, dramas } = await films();
    await like(viewer, chorar);
    await refresh();
    const comments = async () => (await recommended(viewer)).find((c) => c.id === dramas.id)?.comments_count;
    expect(await comments()).toBe(0);
    expect(await comments()).toBe(0);
    const res = await ctx.request('POST', `/api/v1/collection/${dramas.id}/comments`, viewer, {
      body: 'Que lista bonita!',
    });
    expect(res.statusCode).toBe(201);
    expect(await comments()).toBe(1);
  });

  it('read the kept cards again once they expire, in one read for the requests that find them expired', async () => {
    const { viewer, chorar, dramas } = await films();
    await like(viewer, chorar);
    await refresh();
    expect(ids(await recommended(viewer))).toContain(dramas.id);
    const query = vi.spyOn(ctx.db, 'query');
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      // Past the viewer's own write and the cards' two seconds: shared cards, to be read again.
      vi.setSystemTime(Date.now() + SHARED_CARDS_MS + 1_000);
      const pages = await Promise.all([1, 2, 3, 4].map(() => recommended(viewer)));
      for (const page of pages) expect(page.find((c) => c.id === dramas.id)?.reason.code).toBe('because_you');
      const reads = query.mock.calls.filter(([, , name]) => name === 'collections_by_ids');
      expect(reads).toHaveLength(1);
    } finally {
      vi.useRealTimers();
      query.mockRestore();
    }
  });

  it('show a page again after a like of a collection not on it, with one check and no scoring', async () => {
    const { viewer } = await films();
    const ana = await signUp(ctx.app, { name: 'Ana 3' });
    const elsewhere = await createCollection(ctx.app, ana, { name: 'Fora da página', category_id: SERIES });
    await refresh();
    const page = ids(await recommended(viewer, 1));
    expect(page).toHaveLength(1);
    expect(page).not.toContain(elsewhere.id);
    await like(viewer, elsewhere);
    const query = vi.spyOn(ctx.db, 'query');
    try {
      expect(ids(await recommended(viewer, 1))).toEqual(page);
      const names = query.mock.calls.map(([, , name]) => name);
      expect(names).toContain('recommended_picked_check');
      expect(names).not.toContain('recommended_shown');
      expect(names).not.toContain('recommended_collections');
    } finally {
      query.mockRestore();
    }
    // Liking the one on the page takes it off at once: the page is picked again from the cache.
    await ok('PUT', `/api/v1/collection/${page[0]}/like`, viewer);
    expect(ids(await recommended(viewer, 1))).not.toEqual(page);
  });

  it('take back an unliked seed within a minute', async () => {
    const { viewer, chorar, dramas } = await films();
    await refresh();
    await recommended(viewer);
    await like(viewer, chorar);
    await scoredAgo(viewer, RECOMMEND_RESCORE_SECONDS + 1);
    const liked = await recommended(viewer);
    expect(ids(liked)).not.toContain(chorar.id);
    expect(liked.find((c) => c.id === dramas.id)?.reason.code).toBe('because_you');

    await ok('DELETE', `/api/v1/collection/${chorar.id}/like`, viewer);
    expect((await recommended(viewer)).find((c) => c.id === dramas.id)?.reason.code).toBe('because_you');
    await scoredAgo(viewer, RECOMMEND_RESCORE_SECONDS + 1);
    const unliked = await recommended(viewer);
    expect(ids(unliked)).toContain(chorar.id);
    expect(unliked.find((c) => c.id === dramas.id)?.reason.code).not.toBe('because_you');
  });
});

describe('recency', () => {
  it('weighs a newer like more than an older one with a closer neighbour', async () => {
    const otto = await signUp(ctx.app);
    const viewer = await signUp(ctx.app);
    const make = (name: string) => createCollection(ctx.app, otto, { name, category_id: FILMES });
    const [old, oldTwin, recent, recentTwin, filler1, filler2] = [
      await make('Alfa'),
      await make('Bravo'),
      await make('Charlie'),
      await make('Delta'),
      await make('Echo'),
      await make('Foxtrot'),
    ];
    // The old seed's twin is the closer neighbour (3 shared fans against 2).
    for (let i = 0; i < 3; i++) {
      const fan = await signUp(ctx.app);
      await like(fan, old!);
      await like(fan, oldTwin!);
    }
    for (let i = 0; i < 2; i++) {
      const fan = await signUp(ctx.app);
      await like(fan, recent!);
      await like(fan, recentTwin!);
    }
    const order: [Collection, number][] = [
      [old!, 4],
      [filler1!, 3],
      [filler2!, 2],
      [recent!, 1],
    ];
    for (const [c, daysAgo] of order) {
      await like(viewer, c);
      await ctx.db.query(
        `UPDATE collection_likes SET created_at = now() - make_interval(days => $3)
         WHERE user_id = $1 AND collection_id = $2`,
        [viewer.user_id, c.id, daysAgo],
      );
    }
    await refresh();
    const list = ids(await recommended(viewer));
    expect(list).toContain(recentTwin!.id);
    expect(list).toContain(oldTwin!.id);
    // Without recency the old seed's twin would come first.
    expect(list.indexOf(recentTwin!.id)).toBeLessThan(list.indexOf(oldTwin!.id));
  });
});
