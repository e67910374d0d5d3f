import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestContext, signUp, type TestContext } from '../../test/test-context.ts';
import { addItem, createCollection, LIVROS, type Session } from '../collection/collection.test-helpers.ts';
import { runDueImports } from '../import/import.service.ts';
import { GOODREADS, letterboxdZip, multipartForm } from '../import/import.test-fixtures.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
beforeEach(() => ctx.reset());
afterAll(() => ctx.close());

async function importFile(who: Session, content: Uint8Array | string, name: string) {
  const body = multipartForm({ content, name });
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/imports',
    payload: body.payload,
    headers: { ...body.headers, ...who.auth },
  });
  expect(res.statusCode, res.body).toBe(202);
  await runDueImports(ctx.db);
}

/** The file as a spreadsheet or the site's importer reads it: one object per row, by header. */
async function download(who: Session, site: 'letterboxd' | 'goodreads', owner = who) {
  const res = await ctx.request('GET', `/api/v1/user/${owner.user_id}/export/${site}`, who);
  return {
    res,
    rows: res.statusCode === 200 ? (parse(res.body, { columns: true }) as Record<string, string>[]) : [],
  };
}

describe('GET /api/v1/user/{id}/export/letterboxd', () => {
  it("writes each film once in Letterboxd's import columns, from an import and from typed items", async () => {
    const ana = await signUp(ctx.app);
    await importFile(ana, letterboxdZip(), 'letterboxd-ana.zip');
    // A film typed by hand in a private collection is Ana's too; a formula typed as a title is text.
    const mine = await createCollection(ctx.app, ana, { name: 'Só meus', private: true });
    await addItem(ctx.app, ana, mine.id, { name: 'Marte Um', rating: 4.5, year: 2022, description: 'Lindo' });
    await addItem(ctx.app, ana, mine.id, { name: '=HYPERLINK("http://x")', rating: null });

    const { res, rows } = await download(ana, 'letterboxd');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="acervo-letterboxd-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(Object.keys(rows[0]!)).toEqual(['LetterboxdURI', 'Title', 'Year', 'Rating', 'Tags', 'Review']);
    const byTitle = (title: string, year: string) => rows.filter((r) => r.Title === title && r.Year === year);
    // In three collections (watched, likes, the list): one row, tagged with all three.
    expect(byTitle('Central do Brasil', '1998')).toEqual([
      {
        LetterboxdURI: 'https://boxd.it/1Yb4',
        Title: 'Central do Brasil',
        Year: '1998',
        Rating: '4.5',
        Tags: 'Assistidos no Letterboxd, Favoritos, Melhores do Brasil',
        // The review, longer than the list's note on the same film.
        Review: 'Fernanda Montenegro, imensa.\nChorei no fim.',
      },
    ]);
    // The two Dunas stay two films; the watchlist's Aquarius is not claimed as watched.
    expect(byTitle('Duna', '1984')[0]).toMatchObject({
      Rating: '2.5',
      LetterboxdURI: 'https://boxd.it/1Y6u',
    });
    expect(byTitle('Duna', '2021')[0]).toMatchObject({ Rating: '4', LetterboxdURI: 'https://boxd.it/cZ5S' });
    expect(rows.find((r) => r.Title === 'Aquarius')).toBeUndefined();
    expect(byTitle('Marte Um', '2022')).toEqual([
      { LetterboxdURI: '', Title: 'Marte Um', Year: '2022', Rating: '4.5', Tags: 'Só meus', Review: 'Lindo' },
    ]);
    expect(rows.find((r) => r.Title?.includes('HYPERLINK'))?.Title).toBe(`'=HYPERLINK("http://x")`);
  });

  it("is the owner's alone, and a stranger's attempt or an unknown id costs nothing", async () => {
    const ana = await signUp(ctx.app);
    const bruno = await signUp(ctx.app);
    expect((await download(bruno, 'letterboxd', ana)).res.statusCode).toBe(403);
    const unknown = await ctx.request('GET', '/api/v1/user/naoexiste0000000/export/goodreads', bruno);
    expect(unknown.statusCode).toBe(404);
    expect((await ctx.request('GET', `/api/v1/user/${ana.user_id}/export/letterboxd`)).statusCode).toBe(401);
    // An account with nothing: the header alone.
    const empty = await download(ana, 'goodreads');
    expect(empty.res.body).toBe(
      'Title,Author,ISBN,ISBN13,My Rating,Year Published,Exclusive Shelf,Bookshelves,My Review\n',
    );
    // ACCOUNT_EXPORTS_PER_HOUR (1) of each file.
    expect((await download(ana, 'letterboxd')).res.statusCode).toBe(200);
    expect((await download(ana, 'goodreads')).res.statusCode).toBe(429);
    const over = await download(ana, 'letterboxd');
    expect(over.res.statusCode).toBe(429);
    expect(over.res.json().error.code).toBe('RATE_LIMITED');
  });
});

describe('GET /api/v1/user/{id}/export/goodreads', () => {
  it("writes each book once in Goodreads' export columns: ISBN, whole stars, its shelves", async () => {
    const ana = await signUp(ctx.app);
    await importFile(ana, GOODREADS, 'goodreads_library_export.csv');
    const mine = await createCollection(ctx.app, ana, { name: 'Clássicos de Férias', category_id: LIVROS });
    await addItem(ctx.app, ana, mine.id, { name: 'Vidas Secas', rating: 3.5, year: 1938 });
    await addItem(ctx.app, ana, mine.id, { name: 'Torto Arado', rating: null, description: '' });

    const { rows } = await download(ana, 'goodreads');
    const book = (title: string) => rows.filter((r) => r.Title === title);
    expect(book('Torto Arado')).toEqual([
      {
        Title: 'Torto Arado',
        Author: '',
        ISBN: '',
        ISBN13: '9786556190148',
        'My Rating': '5',
        'Year Published': '2018',
        'Exclusive Shelf': 'read',
        // Lidos, favoritos, brasileiros from the import; the typed copy without a year joins them.
        Bookshelves: 'brasileiros, classicos-de-ferias, favoritos, lidos',
        'My Review': expect.stringContaining('Leiam, todos.'),
      },
    ]);
    expect(book('Dom Casmurro')[0]).toMatchObject({ 'My Rating': '0', 'Exclusive Shelf': 'to-read' });
    expect(book('Grande Sertão: Veredas')[0]).toMatchObject({
      ISBN: '8535914846',
      'Exclusive Shelf': 'currently-reading',
    });
    // Half stars do not exist on Goodreads: 3.5 is written 4.
    expect(book('Vidas Secas')[0]).toMatchObject({ 'My Rating': '4', 'Exclusive Shelf': 'read', ISBN13: '' });
    // Films are not books.
    expect(rows.map((r) => r.Title)).not.toContain('Central do Brasil');
  });
});
