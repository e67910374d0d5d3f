import { randomBytes } from 'node:crypto';
import { strToU8, zipSync } from 'fflate';

/**
 * Real-format exports written from the published column layouts (Letterboxd's export of
 * 2024-2026, Goodreads' library export), with what real files contain: a BOM, quoted commas and
 * line breaks, empty ratings, the same title in two years, a folder around the ZIP's files and
 * the `deleted/` folder that must not be imported.
 */
export const LETTERBOXD = {
  watched: `Date,Name,Year,Letterboxd URI
2024-01-02,Central do Brasil,1998,https://boxd.it/1Yb4
2024-01-05,Duna,1984,https://boxd.it/1Y6u
2024-01-06,Duna,2021,https://boxd.it/cZ5S
2024-02-10,Cidade de Deus,2002,https://boxd.it/1Yd0
2024-03-01,"O Tigre e o Dragão, o Filme",2000,https://boxd.it/1Zx2
`,
  ratings: `Date,Name,Year,Letterboxd URI,Rating
2024-01-02,Central do Brasil,1998,https://boxd.it/1Yb4,4.5
2024-01-05,Duna,1984,https://boxd.it/1Y6u,2.5
2024-01-06,Duna,2021,https://boxd.it/cZ5S,4
2024-02-10,Cidade de Deus,2002,https://boxd.it/1Yd0,5
2024-03-01,"O Tigre e o Dragão, o Filme",2000,https://boxd.it/1Zx2,0.5
`,
  diary: `Date,Name,Year,Letterboxd URI,Rating,Rewatch,Tags,Watched Date
2024-01-02,Central do Brasil,1998,https://boxd.it/5aQ1e,4.5,,,2024-01-01
2024-04-20,Bacurau,2019,https://boxd.it/5bX9k,,,"nacional, cinema",2024-04-19
`,
  reviews: `Date,Name,Year,Letterboxd URI,Rating,Rewatch,Review,Tags,Watched Date
2024-01-02,Central do Brasil,1998,https://boxd.it/5aQ1e,4.5,,"Fernanda Montenegro, imensa.
Chorei no fim.",,2024-01-01
`,
  watchlist: `Date,Name,Year,Letterboxd URI
2024-05-01,Aquarius,2016,https://boxd.it/bEFm
2024-05-02,Que Horas Ela Volta?,2015,https://boxd.it/9xXc
`,
  likes: `Date,Name,Year,Letterboxd URI
2024-01-02,Central do Brasil,1998,https://boxd.it/1Yb4
2024-02-10,Cidade de Deus,2002,https://boxd.it/1Yd0
`,
  list: `Letterboxd list export v7
Date,Name,Tags,URL,Description
2024-03-01,Melhores do Brasil,,https://letterboxd.com/ana/list/melhores-do-brasil/,Os que eu mostro pra todo mundo

Position,Name,Year,URL,Description
1,Cidade de Deus,2002,https://letterboxd.com/film/city-of-god/,
2,Central do Brasil,1998,https://letterboxd.com/film/central-station/,"Dora e Josué, de trem"
3,Bacurau,2019,https://letterboxd.com/film/bacurau/,
`,
};

/** The whole Letterboxd export as its ZIP, inside a folder as Letterboxd names it. */
export function letterboxdZip(): Uint8Array {
  const root = 'letterboxd-ana-2026-11-26-15-00-utc/';
  return zipSync({
    [`${root}profile.csv`]: strToU8('Date Joined,Username\n2020-01-01,ana\n'),
    [`${root}watched.csv`]: strToU8(LETTERBOXD.watched),
    [`${root}ratings.csv`]: strToU8(LETTERBOXD.ratings),
    [`${root}diary.csv`]: strToU8(LETTERBOXD.diary),
    [`${root}reviews.csv`]: strToU8(LETTERBOXD.reviews),
    [`${root}watchlist.csv`]: strToU8(LETTERBOXD.watchlist),
    [`${root}likes/films.csv`]: strToU8(LETTERBOXD.likes),
    [`${root}lists/melhores-do-brasil.csv`]: strToU8(LETTERBOXD.list),
    [`${root}deleted/diary.csv`]: strToU8(
      'Date,Name,Year,Letterboxd URI,Rating,Rewatch,Tags,Watched Date\n2023-01-01,Apagado,2000,https://boxd.it/x,3,,,\n',
    ),
  });
}

const GOODREADS_HEADER =
  'Book Id,Title,Author,Author l-f,Additional Authors,ISBN,ISBN13,My Rating,Average Rating,Publisher,Binding,Number of Pages,Year Published,Original Publication Year,Date Read,Date Added,Bookshelves,Bookshelves with positions,Exclusive Shelf,My Review,Spoiler,Private Notes,Read Count,Owned Copies';

/** `goodreads_library_export.csv` with a BOM; line 5 has a rating Goodreads cannot give. */
export const GOODREADS =
  '\ufeff' +
  `${GOODREADS_HEADER}
123,Torto Arado,Itamar Vieira Junior,"Vieira Junior, Itamar",,"=""6556190147""","=""9786556190148""",5,4.45,Todavia,Paperback,264,2019,2018,2024/01/10,2023/12/01,"favoritos, brasileiros","favoritos (#1), brasileiros (#1)",read,"Lindo.<br/>Leiam, todos.",,,1,0
456,Dom Casmurro,Machado de Assis,"Assis, Machado de",,"=""""","=""""",0,3.9,Penguin,Paperback,256,2016,1899,,2023/11/01,to-read,to-read (#3),to-read,,,,0,0
789,Grande Sertão: Veredas,João Guimarães Rosa,"Rosa, João Guimarães",,"=""8535914846""","=""""",4,4.3,Companhia das Letras,Hardcover,560,2019,1956,,2023/10/01,brasileiros,brasileiros (#2),currently-reading,,,,0,1
999,Livro Estranho,Alguém,"Alguém",,"=""""","=""""",7,3,X,Paperback,1,2000,2000,,2023/10/01,,,read,,,,0,0
321,Duna,Frank Herbert,"Herbert, Frank",,"=""""","=""9788576573135""",4,4.3,Aleph,Paperback,680,2017,1965,2022/05/05,2022/04/01,,,read,,,,1,0
`;

/** A plain CSV as a spreadsheet saves it: Portuguese decimal commas in quotes, an empty rating. */
export const PLAIN = `name,rating,description,collection
Feijoada da Tia Surica,5,"Sábado, sem falta",Botecos do Rio
Bar do Mineiro,"4,5",Pastel de feijão,Botecos do Rio
Adega Pérola,,"Frios
e cerveja",Botecos do Rio
Sem Nota Boa,nove,,Botecos do Rio
Confeitaria Colombo,4,Café,Cafés históricos
`;

/** A multipart form as a browser's FormData sends it: the fields, then the file. */
export function multipartForm(
  file: { content: Uint8Array | string; name: string },
  fields: Record<string, string> = {},
) {
  const boundary = `----acervo${randomBytes(8).toString('hex')}`;
  const parts = Object.entries(fields).map(
    ([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`,
  );
  const payload = Buffer.concat([
    Buffer.from(parts.join('')),
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\n` +
        'Content-Type: application/octet-stream\r\n\r\n',
    ),
    Buffer.from(file.content),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
