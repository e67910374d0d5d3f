import { describe, expect, it } from 'vitest';
import { strToU8, zipSync } from 'fflate';
import { ImportFileError } from './import-csv.ts';
import { FILMES, LIVROS, parseImportFile } from './import-parsers.ts';
import { GOODREADS, LETTERBOXD, letterboxdZip, PLAIN } from './import.test-fixtures.ts';

const RESTAURANTES = 'XHOaoEbIZdwd8BvK';
const options = {
  maxRows: 1000,
  categories: [
    { id: FILMES, name: 'Filmes' },
    { id: RESTAURANTES, name: 'Restaurantes' },
  ],
};
const parse = (
  text: string | Uint8Array,
  name: string,
  extra: Partial<typeof options> & { defaultCategoryId?: string } = {},
) => parseImportFile(typeof text === 'string' ? strToU8(text) : text, name, { ...options, ...extra });

const itemsOf = (plan: ReturnType<typeof parse>, collection: string) => {
  const c = plan.collections.findIndex((x) => x.name === collection);
  return plan.items.filter((i) => i.c === c);
};

describe('Letterboxd', () => {
  it('turns the whole ZIP (in a folder) into watched, likes, watchlist and each list, in order', () => {
    const plan = parse(letterboxdZip(), 'letterboxd-ana.zip');
    expect(plan.format).toBe('letterboxd');
    expect(plan.collections.map((c) => [c.name, c.category_id])).toEqual([
      ['Assistidos no Letterboxd', FILMES],
      ['Favoritos', FILMES],
      ['Quero ver', FILMES],
      ['Melhores do Brasil', FILMES],
    ]);
    const watched = itemsOf(plan, 'Assistidos no Letterboxd');
    // Both "Duna"s (1984 and 2021) are kept; Bacurau comes from the diary; nothing from deleted/.
    expect(watched.map((i) => [i.name, i.year, i.rating])).toEqual([
      ['Central do Brasil', 1998, 4.5],
      ['Duna', 1984, 2.5],
      ['Duna', 2021, 4],
      ['Cidade de Deus', 2002, 5],
      ['O Tigre e o Dragão, o Filme', 2000, 0.5],
      ['Bacurau', 2019, null],
    ]);
    const central = watched[0]!;
    expect(central.description).toBe('Fernanda Montenegro, imensa.\nChorei no fim.');
    expect(central.source_id).toBe('https://boxd.it/1Yb4');
    expect(itemsOf(plan, 'Quero ver').map((i) => [i.name, i.rating])).toEqual([
      ['Aquarius', null],
      ['Que Horas Ela Volta?', null],
    ]);
    expect(itemsOf(plan, 'Favoritos').map((i) => i.rating)).toEqual([4.5, 5]);
    const list = itemsOf(plan, 'Melhores do Brasil');
    expect(list.map((i) => i.name)).toEqual(['Cidade de Deus', 'Central do Brasil', 'Bacurau']);
    expect(list[1]!.description).toBe('Dora e Josué, de trem');
    expect(plan.collections[3]!.description).toBe('Os que eu mostro pra todo mundo');
    expect(plan.skipped).toEqual([]);
  });

  it('reads any single CSV of the export, telling the watchlist by its name', () => {
    expect(parse(LETTERBOXD.ratings, 'ratings.csv').collections.map((c) => c.name)).toEqual([
      'Assistidos no Letterboxd',
    ]);
    expect(parse(LETTERBOXD.watchlist, 'watchlist.csv').collections.map((c) => c.name)).toEqual([
      'Quero ver',
    ]);
    expect(parse(LETTERBOXD.list, 'melhores-do-brasil.csv').items).toHaveLength(3);
  });

  it('skips a rating that is not a half star, naming the line', () => {
    const plan = parse(`${LETTERBOXD.ratings}2024-06-01,Ruim,2001,https://boxd.it/zz,4.3\n`, 'ratings.csv');
    expect(plan.skipped).toEqual([{ file: 'ratings.csv', line: 7, reason: 'invalid_rating' }]);
    expect(plan.items).toHaveLength(5);
  });
});

describe('Goodreads', () => {
  it('makes a collection per exclusive and custom shelf, with author and year, 0 as unrated', () => {
    const plan = parse(GOODREADS, 'goodreads_library_export.csv');
    expect(plan.format).toBe('goodreads');
    expect(plan.collections.map((c) => [c.name, c.category_id])).toEqual([
      ['Lidos', LIVROS],
      ['favoritos', LIVROS],
      ['brasileiros', LIVROS],
      ['Quero ler', LIVROS],
      ['Lendo', LIVROS],
    ]);
    expect(itemsOf(plan, 'Lidos').map((i) => [i.name, i.rating, i.year, i.source_id])).toEqual([
      ['Torto Arado', 5, 2018, '9786556190148'],
      ['Duna', 4, 1965, '9788576573135'],
    ]);
    expect(itemsOf(plan, 'Lidos')[0]!.description).toBe(
      'Itamar Vieira Junior, 2018\n\nLindo.\nLeiam, todos.',
    );
    expect(itemsOf(plan, 'Quero ler').map((i) => [i.name, i.rating])).toEqual([['Dom Casmurro', null]]);
    expect(itemsOf(plan, 'brasileiros').map((i) => i.name)).toEqual([
      'Torto Arado',
      'Grande Sertão: Veredas',
    ]);
    expect(itemsOf(plan, 'Lendo')[0]!.source_id).toBe('8535914846');
    expect(plan.skipped).toEqual([
      { file: 'goodreads_library_export.csv', line: 5, reason: 'invalid_rating' },
    ]);
  });

  it('reads a windows-1252 file (not valid UTF-8) with its accents', () => {
    const latin1 = Uint8Array.from([...GOODREADS.slice(1)].map((ch) => ch.charCodeAt(0) & 0xff));
    const plan = parse(latin1, 'goodreads_library_export.csv');
    expect(plan.items.map((i) => i.name)).toContain('Grande Sertão: Veredas');
  });
});

describe('plain CSV', () => {
  it('groups rows by collection, reads decimal commas and line breaks, skips bad ratings by line', () => {
    const plan = parse(PLAIN, 'meus-lugares.csv', { defaultCategoryId: RESTAURANTES });
    expect(plan.collections.map((c) => [c.name, c.category_id])).toEqual([
      ['Botecos do Rio', RESTAURANTES],
      ['Cafés históricos', RESTAURANTES],
    ]);
    expect(itemsOf(plan, 'Botecos do Rio').map((i) => [i.name, i.rating, i.description])).toEqual([
      ['Feijoada da Tia Surica', 5, 'Sábado, sem falta'],
      ['Bar do Mineiro', 4.5, 'Pastel de feijão'],
      ['Adega Pérola', null, 'Frios\ne cerveja'],
    ]);
    expect(plan.skipped).toEqual([{ file: 'meus-lugares.csv', line: 6, reason: 'invalid_rating' }]);
  });

  it('takes the category from a category column, and needs one or the other', () => {
    const plan = parse('name,category\nCentral do Brasil,filmes\nX,Nada\n', 'a.csv');
    expect(plan.collections[0]!.category_id).toBe(FILMES);
    expect(plan.skipped).toEqual([{ file: 'a.csv', line: 3, reason: 'unknown_category' }]);
    expect(() => parse('name\nX\n', 'a.csv')).toThrow(/categoria/);
  });
});

describe('bad files', () => {
  it('names the line of a broken quote, and refuses an unknown layout or too many rows', () => {
    expect(() => parse('name,rating\n"Sem fim,4\nOutro,3\n', 'a.csv', { defaultCategoryId: FILMES })).toThrow(
      /linha \d/,
    );
    expect(() => parse('foo,bar\n1,2\n', 'a.csv')).toThrow(/linha 1/);
    expect(() => parse(LETTERBOXD.watched, 'watched.csv', { maxRows: 3 })).toThrow(ImportFileError);
    expect(() => parse(Uint8Array.from([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]), 'x.zip')).toThrow(/ZIP/);
    expect(() => parse(zipSync({ 'a/notes.txt': strToU8('oi') }), 'x.zip')).toThrow(/Letterboxd/);
  });
});
