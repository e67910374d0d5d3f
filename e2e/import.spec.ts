import { expect, test } from '@playwright/test';
import { signIn, signUp } from './support.ts';

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
