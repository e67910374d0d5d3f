import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Collection } from '@acervo/contract/collection';
import type { ImportJob } from '@acervo/contract/import';
import type { Notification } from '@acervo/contract/notification';
import { createTestContext, signUp, type TestContext } from '../../test/test-context.ts';
import { addItem, createCollection, type Session } from '../collection/collection.test-helpers.ts';
import { purgeFinishedImports, runDueImports } from './import.service.ts';
import { GOODREADS, letterboxdZip, multipartForm, PLAIN } from './import.test-fixtures.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
beforeEach(() => ctx.reset());
afterAll(() => ctx.close());

const RESTAURANTES = 'XHOaoEbIZdwd8BvK';

const upload = (
  who: Session,
  file: { content: Uint8Array | string; name: string },
  fields: Record<string, string> = {},
  app: FastifyInstance = ctx.app,
  path = '/api/v1/imports',
) => {
  const body = multipartForm(file, fields);
  return app.inject({
    method: 'POST',
    url: path,
    payload: body.payload,
    headers: { ...body.headers, ...who.auth },
  });
};

const ZIP = () => ({ content: letterboxdZip(), name: 'letterboxd-ana-2026-11-26-15-00-utc.zip' });

async function job(id: string, who: Session): Promise<ImportJob> {
  const res = await ctx.request('GET', `/api/v1/imports/${id}`, who);
  expect(res.statusCode).toBe(200);
  return res.json().data as ImportJob;
}

/** Uploads and runs the import as the worker would; returns the finished job. */
async function importNow(
  who: Session,
  file: { content: Uint8Array | string; name: string } = ZIP(),
  fields: Record<string, string> = {},
) {
  const res = await upload(who, file, fields);
  expect(res.statusCode, res.body).toBe(202);
  const { id } = res.json().data as { id: string };
  await runDueImports(ctx.db);
  return job(id, who);
}

const collection = async (id: string, who?: Session) => {
  const res = await ctx.request('GET', `/api/v1/collection/${id}`, who);
  return res.statusCode === 200 ? (res.json().data as Collection) : res.statusCode;
};
const itemCount = async (userId: string) =>
  (
    await ctx.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM collection_items i JOIN collections c ON c.id = i.collection_id WHERE c.user_id = $1',
      [userId],
    )
  )[0]!.n;
const collectionCount = async (userId: string) =>
  (
    await ctx.db.query<{ n: number }>('SELECT count(*)::int AS n FROM collections WHERE user_id = $1', [
      userId,
    ])
  )[0]!.n;

describe('a Letterboxd export', () => {
  it('becomes private collections with ratings, reviews, years and list order, and a notice', async () => {
    const ana = await signUp(ctx.app, { name: 'Ana Ribeiro' });
    const res = await upload(ana, ZIP());
    expect(res.statusCode).toBe(202);
    const { id } = res.json().data as { id: string };
    const queued = await job(id, ana);
    expect(queued).toMatchObject({ status: 'queued', format: 'letterboxd', visibility: 'private' });
    expect(queued.progress).toEqual({ done: 0, total: 13 });

    await runDueImports(ctx.db);
    const done = await job(id, ana);
    expect(done.status).toBe('done');
    expect(done.progress).toEqual({ done: 13, total: 13 });
    expect(done.outcome).toMatchObject({ items_created: 13, items_present: 0, skipped_count: 0 });
    expect(done.outcome.collections.map((c) => c.name)).toEqual([
      'Assistidos no Letterboxd',
      'Favoritos',
      'Quero ver',
      'Melhores do Brasil',
    ]);

    const [watched, , , list] = done.outcome.collections;
    const w = (await collection(watched!.id, ana)) as Collection;
    expect(w.private).toBe(true);
    expect(w.collection_items.map((i) => [i.name, i.rating])).toEqual([
      ['Central do Brasil', 4.5],
      ['Duna', 2.5],
      ['Duna', 4],
      ['Cidade de Deus', 5],
      ['O Tigre e o Dragão, o Filme', 0.5],
      ['Bacurau', null],
    ]);
    expect(w.collection_items[0]!.description).toBe('Fernanda Montenegro, imensa.\nChorei no fim.');
    const l = (await collection(list!.id, ana)) as Collection;
    expect(l.collection_items.map((i) => i.name)).toEqual(['Cidade de Deus', 'Central do Brasil', 'Bacurau']);
    const [stored] = await ctx.db.query<{ year: number; source_id: string }>(
      'SELECT year, source_id FROM collection_items WHERE collection_id = $1 ORDER BY position LIMIT 1',
      [watched!.id],
    );
    expect(stored).toEqual({ year: 1998, source_id: 'https://boxd.it/1Yb4' });

    // Private by default: someone else finds nothing.
    const other = await signUp(ctx.app);
    expect(await collection(watched!.id, other)).toBe(404);
    expect(await collection(watched!.id)).toBe(404);

    const notices = (await ctx.request('GET', '/api/v1/notification', ana)).json().data as Notification[];
    expect(notices.find((n) => n.kind === 'import_done')).toMatchObject({
      actor: null,
      collection: { id: watched!.id, name: 'Assistidos no Letterboxd' },
      read: false,
    });
  });

  it('imported twice adds nothing; public when asked', async () => {
    const ana = await signUp(ctx.app);
    const first = await importNow(ana, ZIP(), { visibility: 'public' });
    const other = await signUp(ctx.app);
    const c = (await collection(first.outcome.collections[0]!.id, other)) as Collection;
    expect(c.private).toBe(false);
    const before = { items: await itemCount(ana.user_id), collections: await collectionCount(ana.user_id) };

    const again = await importNow(ana, ZIP(), { visibility: 'public' });
    expect(again.status).toBe('done');
    expect(again.outcome).toMatchObject({ items_created: 0, items_present: 13, collections: [] });
    expect({ items: await itemCount(ana.user_id), collections: await collectionCount(ana.user_id) }).toEqual(
      before,
    );
  });

  it('counts in the suggestions at once: a collection holding a film just imported is suggested for it', async () => {
    const otto = await signUp(ctx.app);
    const theirs = await createCollection(ctx.app, otto, { name: 'Nacionais' });
    await addItem(ctx.app, otto, theirs.id, { name: 'central do brasil' });
    const ana = await signUp(ctx.app);
    const strip = async () => {
      const res = await ctx.request('GET', '/api/v1/collection/recommended?limit=10', ana);
      expect(res.statusCode).toBe(200);
      return (res.json().data as { id: string; reason: { code: string } }[]).find((c) => c.id === theirs.id)
        ?.reason.code;
    };
    expect(await strip()).not.toBe('rated_item');
    await importNow(ana, ZIP(), { visibility: 'public' });
    expect(await strip()).toBe('rated_item');
  });

  it('is forgotten after IMPORT_RETENTION_DAYS, keeping what it made; the same file still adds nothing', async () => {
    const ana = await signUp(ctx.app);
    const first = await importNow(ana, ZIP());
    const before = { items: await itemCount(ana.user_id), collections: await collectionCount(ana.user_id) };
    expect(await purgeFinishedImports(ctx.db, 30)).toBe(0);
    await ctx.db.query(`UPDATE imports SET finished_at = now() - interval '31 days' WHERE id = $1`, [
      first.id,
    ]);
    expect(await purgeFinishedImports(ctx.db, 30)).toBe(1);
    expect((await ctx.request('GET', `/api/v1/imports/${first.id}`, ana)).statusCode).toBe(404);
    expect({ items: await itemCount(ana.user_id), collections: await collectionCount(ana.user_id) }).toEqual(
      before,
    );
    expect((await importNow(ana, ZIP())).outcome).toMatchObject({ items_created: 0, items_present: 13 });
  });
});

describe('a Goodreads export and a plain CSV', () => {
  it('makes shelves in Livros with ratings (0 unrated), author and year, and lists the skipped line', async () => {
    const bia = await signUp(ctx.app);
    const done = await importNow(bia, { content: GOODREADS, name: 'goodreads_library_export.csv' });
    expect(done.status).toBe('done');
    expect(done.outcome.collections.map((c) => c.name)).toEqual([
      'Lidos',
      'favoritos',
      'brasileiros',
      'Quero ler',
      'Lendo',
    ]);
    expect(done.outcome.skipped).toEqual([
      { file: 'goodreads_library_export.csv', line: 5, reason: 'invalid_rating' },
    ]);
    const read = (await collection(done.outcome.collections[0]!.id, bia)) as Collection;
    expect(read.category_name).toBe('Livros');
    expect(read.collection_items.map((i) => [i.name, i.rating, i.description.split('\n')[0]])).toEqual([
      ['Torto Arado', 5, 'Itamar Vieira Junior, 2018'],
      ['Duna', 4, 'Frank Herbert, 1965'],
    ]);
    const toRead = (await collection(done.outcome.collections[3]!.id, bia)) as Collection;
    expect(toRead.collection_items.map((i) => i.rating)).toEqual([null]);
  });

  it('imports a plain CSV into the chosen category; the same rows again add nothing', async () => {
    const caio = await signUp(ctx.app);
    const file = { content: PLAIN, name: 'lugares.csv' };
    const done = await importNow(caio, file, { category_id: RESTAURANTES });
    expect(done.outcome).toMatchObject({ items_created: 4, skipped_count: 1 });
    const again = await importNow(caio, file, { category_id: RESTAURANTES });
    expect(again.outcome).toMatchObject({ items_created: 0, items_present: 4 });
  });
});

describe('what an import refuses', () => {
  it('a bad file: 400 naming the line; no file: 400; a preview writes nothing', async () => {
    const ana = await signUp(ctx.app);
    const bad = await upload(
      ana,
      { content: 'name,rating\n"Sem fim,4\n', name: 'x.csv' },
      { category_id: RESTAURANTES },
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBe('IMPORT_FILE_INVALID');
    expect(bad.json().error.message).toMatch(/linha \d/);
    // What a client words it with in its own language.
    expect(bad.json().error.params).toEqual({
      reason: 'unreadable',
      file: 'x.csv',
      line: expect.any(Number),
    });
    const odd = await upload(ana, { content: 'foo,bar\n1,2\n', name: 'x.csv' });
    expect(odd.json().error).toMatchObject({
      code: 'IMPORT_FILE_INVALID',
      params: { reason: 'unknown_columns', file: 'x.csv' },
    });
    expect(odd.json().error.message).toMatch(/linha 1/);
    const visibility = await upload(ana, ZIP(), { visibility: 'todos' });
    expect(visibility.statusCode).toBe(400);
    const category = await upload(ana, { content: PLAIN, name: 'a.csv' }, { category_id: 'naoexiste' });
    expect(category.statusCode).toBe(400);
    expect(category.json().error.fields).toEqual({ category_id: 'invalid' });

    const preview = await upload(ana, ZIP(), {}, ctx.app, '/api/v1/imports/preview');
    expect(preview.statusCode).toBe(200);
    expect(preview.json().data.collections[0]).toMatchObject({
      name: 'Assistidos no Letterboxd',
      items: 6,
      rated: 5,
    });
    expect(await collectionCount(ana.user_id)).toBe(0);
    expect((await ctx.request('POST', '/api/v1/imports', undefined, {})).statusCode).toBe(401);
  });

  it('limits: 413 past the size or the rows, 409 while one runs, 429 past the imports of a day', async () => {
    const app = await ctx.buildApp({
      IMPORT_MAX_BYTES: '16384',
      IMPORT_MAX_ROWS: '12',
      IMPORTS_PER_DAY: '2',
    });
    const ana = await signUp(app);
    const big = await upload(ana, { content: 'x'.repeat(40_000), name: 'a.csv' }, {}, app);
    expect(big.statusCode).toBe(413);
    expect(big.json().error.code).toBe('PAYLOAD_TOO_LARGE');
    const rows = await upload(ana, ZIP(), {}, app);
    expect(rows.statusCode).toBe(413);
    expect(rows.json().error.message).toMatch(/12 linhas/);

    const file = { content: PLAIN, name: 'lugares.csv' };
    const fields = { category_id: RESTAURANTES };
    expect((await upload(ana, file, fields, app)).statusCode).toBe(202);
    const busy = await upload(ana, file, fields, app);
    expect(busy.statusCode).toBe(409);
    expect(busy.json().error.code).toBe('IMPORT_IN_PROGRESS');
    await runDueImports(ctx.db);
    expect((await upload(ana, file, fields, app)).statusCode).toBe(202);
    await runDueImports(ctx.db);
    const third = await upload(ana, file, fields, app);
    expect(third.statusCode).toBe(429);
    expect(third.json().error.message).toBe(
      'Você atingiu o limite diário para esta ação. Tente novamente amanhã.',
    );
  });

  it('someone else cannot read the job (404), nor can anyone signed out (401)', async () => {
    const ana = await signUp(ctx.app);
    const res = await upload(ana, ZIP());
    const { id } = res.json().data as { id: string };
    const other = await signUp(ctx.app);
    expect((await ctx.request('GET', `/api/v1/imports/${id}`, other)).statusCode).toBe(404);
    expect((await ctx.request('GET', `/api/v1/imports/${id}`)).statusCode).toBe(401);
  });
});

describe('the job', () => {
  /** A plain CSV of `n` films in one collection. */
  const films = (n: number, collection = 'Maratona') => ({
    content: `name,rating,year,collection\n${Array.from({ length: n }, (_, i) => `Filme ${i + 1},4,${1950 + i},${collection}`).join('\n')}\n`,
    name: 'maratona.csv',
  });
  const FILMES = 'wtt0fgHceRL46Hhk';

  it('resumes after a stop between batches, adding each item once', async () => {
    const ana = await signUp(ctx.app);
    const res = await upload(ana, films(35), { category_id: FILMES });
    const { id } = res.json().data as { id: string };
    let batches = 0;
    // The process stops after two batches of ten (a restart); the next run resumes.
    await runDueImports(ctx.db, { batchSize: 10, shouldStop: () => batches++ >= 3 });
    const midway = await job(id, ana);
    expect(midway.status).toBe('running');
    expect(midway.progress).toEqual({ done: 20, total: 35 });
    await runDueImports(ctx.db, { batchSize: 10 });
    const done = await job(id, ana);
    expect(done.status).toBe('done');
    expect(done.outcome.items_created).toBe(35);
    const c = (await collection(done.outcome.collections[0]!.id, ana)) as Collection;
    expect(c.items_count).toBe(35);
    expect(c.collection_items.map((i) => i.name).slice(0, 3)).toEqual(['Filme 1', 'Filme 2', 'Filme 3']);
  });

  it('past ITEMS_PER_COLLECTION_MAX a collection goes on in a second part', async () => {
    const ana = await signUp(ctx.app);
    const done = await importNow(ana, films(1001), { category_id: FILMES });
    expect(done.outcome.items_created).toBe(1001);
    expect(done.outcome.collections.map((c) => c.name)).toEqual(['Maratona', 'Maratona (2)']);
    const second = (await collection(done.outcome.collections[1]!.id, ana)) as Collection;
    expect(second.collection_items.map((i) => i.name)).toEqual(['Filme 1001']);
  });

  it('a failure midway leaves nothing: no new collection, no new item in an existing one', async () => {
    const ana = await signUp(ctx.app);
    const first = await importNow(ana, films(5), { category_id: FILMES });
    const existing = first.outcome.collections[0]!.id;
    const res = await upload(ana, films(30), { category_id: FILMES });
    const { id } = res.json().data as { id: string };
    // Its 26th entry cannot be written (a rating the database refuses): batches before it commit.
    await ctx.db.query(`UPDATE imports SET plan = jsonb_set(plan, '{items,25,rating}', '7') WHERE id = $1`, [
      id,
    ]);
    for (let attempt = 0; attempt < 3; attempt++) {
      await runDueImports(ctx.db, { batchSize: 10 }).catch(() => {});
    }
    const failed = await job(id, ana);
    expect(failed.status).toBe('failed');
    expect(failed.error).toMatch(/Nada foi importado/);
    expect(failed.outcome.collections).toEqual([]);
    const c = (await collection(existing, ana)) as Collection;
    expect(c.items_count).toBe(5);
    expect(await collectionCount(ana.user_id)).toBe(1);
    // And the person may import again.
    expect((await upload(ana, films(3), { category_id: FILMES })).statusCode).toBe(202);
  });
});
