import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { strToU8, zipSync } from 'fflate';
import { apiAs, fillRegisterForm, PASSWORD, signIn, signUp, uniqueEmail } from './support.ts';

// Letterboxd's ratings.csv as its export writes it (issue 27): a quoted comma, half stars.
const RATINGS = `Date,Name,Year,Letterboxd URI,Rating
2024-01-02,Central do Brasil,1998,https://boxd.it/1Yb4,4.5
2024-01-05,Duna,1984,https://boxd.it/1Y6u,2.5
2024-01-06,Duna,2021,https://boxd.it/cZ5S,4
2024-03-01,"O Tigre e o Dragão, o Filme",2000,https://boxd.it/1Zx2,3.5
`;

test('a newcomer imports Letterboxd ratings from onboarding, watches it finish and finds the collection', async ({
  page,
  request,
}) => {
  const ana = await signUp(request, 'Ana Cinéfila');
  await signIn(page, ana, '/onboarding');
  await page.getByRole('link', { name: 'Importar' }).click();
  await expect(page).toHaveURL(/\/account\/import$/);

  await page.getByLabel('Arquivo para importar').setInputFiles({
    name: 'ratings.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(RATINGS),
  });
  const preview = page.getByRole('region', { name: 'O que será criado' });
  await expect(preview).toContainText('Assistidos no Letterboxd: 4 itens, 4 com nota');
  await expect(page.getByLabel('Só eu (privadas)')).toBeChecked();
  await page.getByRole('button', { name: 'Importar', exact: true }).click();

  await expect(
    page.getByText('Importação concluída: 4 itens novos, 0 já estavam no seu Acervo.'),
  ).toBeVisible();
  await page.getByRole('link', { name: 'Assistidos no Letterboxd' }).click();
  await expect(page.getByRole('heading', { name: 'Assistidos no Letterboxd' })).toBeVisible();
  await expect(page.getByText('O Tigre e o Dragão, o Filme')).toBeVisible();
});

// A title of this run's own: other journeys' collections on the same server hold "Central do Brasil".
const RUN = randomUUID().slice(0, 6);
const FILM = `Central do Brasil ${RUN}`;
const URI = `https://boxd.it/e2e${RUN}`;

// A Letterboxd export as its ZIP, inside the folder Letterboxd names it (issue 27).
const letterboxdZip = () => {
  const root = 'letterboxd-caio-2026-11-26-18-00-utc/';
  return Buffer.from(
    zipSync({
      [`${root}watched.csv`]: strToU8(`Date,Name,Year,Letterboxd URI
2024-01-02,${FILM},1998,${URI}
2024-02-10,Cidade de Deus,2002,https://boxd.it/1Yd0
`),
      [`${root}ratings.csv`]: strToU8(`Date,Name,Year,Letterboxd URI,Rating
2024-01-02,${FILM},1998,${URI},4.5
2024-02-10,Cidade de Deus,2002,https://boxd.it/1Yd0,4
`),
      [`${root}likes/films.csv`]: strToU8(`Date,Name,Year,Letterboxd URI
2024-01-02,${FILM},1998,${URI}
`),
    }),
  );
};

test('a newcomer registers, imports a Letterboxd ZIP, gets suggestions naming what they rated and sees where else a film is', async ({
  page,
  request,
}) => {
  // Bia already keeps the film, typed her way, in a public collection.
  const bia = await signUp(request, 'Bia Nacional');
  const biaApi = apiAs(request, bia);
  const films = await biaApi.categoryId('Filmes');
  const biaList = await biaApi.createCollection({ category_id: films, name: 'Chorei no cinema' });
  await biaApi.createItem({
    collection_id: biaList.id,
    name: FILM.toLowerCase().replace(' do ', ' do  '),
    rating: 5,
  });

  // Caio registers through the form and lands on onboarding.
  await page.goto('/register');
  await fillRegisterForm(page, {
    name: 'Caio Recém-chegado',
    email: uniqueEmail('caio'),
    password: PASSWORD,
  });
  await page.getByRole('button', { name: 'Criar conta' }).click();
  await expect(page).toHaveURL(/\/onboarding$/);
  // His empty profile points to the import too.
  await page.goto('/profile');
  await expect(
    page.getByRole('link', { name: 'Ou traga o que você já avaliou no Letterboxd ou no Goodreads' }),
  ).toHaveAttribute('href', '/account/import');
  await page.goto('/onboarding');
  await page.getByRole('link', { name: 'Importar' }).click();
  await page.getByLabel('Arquivo para importar').setInputFiles({
    name: 'letterboxd-caio.zip',
    mimeType: 'application/zip',
    buffer: letterboxdZip(),
  });
  await expect(page.getByRole('region', { name: 'O que será criado' })).toContainText(
    'Assistidos no Letterboxd: 2 itens, 2 com nota',
  );
  await page.getByLabel('Todos (públicas)').check();
  await page.getByRole('button', { name: 'Importar', exact: true }).click();
  await expect(
    page.getByText('Importação concluída: 3 itens novos, 0 já estavam no seu Acervo.'),
  ).toBeVisible();

  await page.getByRole('link', { name: 'Ver meu perfil' }).click();
  await expect(page.getByRole('link', { name: 'Assistidos no Letterboxd' }).first()).toBeVisible();
  await expect(page.getByRole('link', { name: 'Favoritos' }).first()).toBeVisible();

  // Right away, with no like or follow yet: Bia's list, for the film Caio rated.
  await page.goto('/feed?tab=para-voce');
  const suggestion = page.locator('article').filter({ hasText: 'Chorei no cinema' });
  await expect(suggestion).toContainText(`Tem ${FILM}, que você avaliou com 4,5`);

  await page.goto('/profile');
  await page.getByRole('link', { name: 'Assistidos no Letterboxd' }).first().click();
  await page.getByRole('link', { name: FILM }).first().click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`${FILM} (1998)`);
  await expect(page.getByRole('link', { name: 'Ver no Letterboxd' })).toHaveAttribute('href', URI);
  const alsoIn = page.getByRole('region', { name: 'Também em 2 coleções' });
  await expect(alsoIn.getByRole('link', { name: 'Chorei no cinema' })).toBeVisible();
  await expect(alsoIn.getByRole('link', { name: 'Favoritos' })).toBeVisible();
  await expect(alsoIn).toContainText('Nota média no Acervo: 4,75 de 5, de 2 pessoas.');
});
