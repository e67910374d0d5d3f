import { expect, test, type Browser, type Page } from '@playwright/test';
import { apiAs, axeViolations, signIn, signUp, type TestSession } from './support.ts';

/**
 * Issue 26 in the browser: two people comment on a collection (one mentions the other and a
 * third person, chosen from the '@' suggestions; the other replies), and the owner deletes a
 * comment. The third person, on another page, sees her bell rise without a reload; the other two
 * see what was done once their page reads it again.
 */

async function personIn(browser: Browser, session: TestSession, path: string): Promise<Page> {
  const context = await browser.newContext({ locale: 'pt-BR' });
  const page = await context.newPage();
  await signIn(page, session, path);
  return page;
}

const commentsOf = (page: Page) => page.getByRole('region', { name: 'Comentários' });

test('B comments and mentions A and C, C’s bell rises live, A replies and as the owner deletes B’s comment', async ({
  browser,
  request,
}) => {
  test.setTimeout(60_000);
  const tag = Date.now().toString(36);
  const ana = await signUp(request, `Ana Comenta ${tag}`);
  const bruno = await signUp(request, `Bruno Comenta ${tag}`);
  const carla = await signUp(request, `Carla Comenta ${tag}`);
  const filmes = await apiAs(request, ana).categoryId('Filmes');
  const list = await apiAs(request, ana).createCollection({
    category_id: filmes,
    name: `Filmes para conversar ${tag}`,
  });

  // Carla is elsewhere in the app, her live events stream open (it answers its headers once it is).
  const carlaContext = await browser.newContext({ locale: 'pt-BR' });
  const carlaPage = await carlaContext.newPage();
  const carlaStreamOpen = carlaPage.waitForResponse(
    (response) => response.url().endsWith('/api/v1/notification/stream') && response.status() === 200,
  );
  await signIn(carlaPage, carla, '/profile');
  const carlasBell = carlaPage.getByRole('button', { name: /^Notificações/ });
  // Only "complete your registration" so far.
  await expect(carlasBell).toHaveAccessibleName('Notificações: 1 não lida');
  await carlaStreamOpen;
  // Anything that reloads the page loses this mark.
  await carlaPage.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));

  const brunoPage = await personIn(browser, bruno, `/lists/${list.id}`);
  const brunos = commentsOf(brunoPage);
  await expect(brunos.getByText('Nenhum comentário ainda.', { exact: false })).toBeVisible();
  const box = brunos.getByLabel('Escreva um comentário');
  // '@' offers the people Bruno may mention here; Ana, the owner, first.
  await box.pressSequentially('Oi @Ana Com');
  await expect(brunos.getByRole('option', { name: ana.name })).toBeVisible();
  expect(await axeViolations(brunoPage)).toEqual([]);
  await brunos.getByRole('option', { name: ana.name }).click();
  await expect(box).toHaveValue(`Oi @${ana.name} `);
  await box.pressSequentially('e @Carla Com');
  await brunos.getByRole('option', { name: carla.name }).click();
  await expect(box).toHaveValue(`Oi @${ana.name} e @${carla.name} `);
  await box.pressSequentially('veja https://exemplo.com/bacurau.');
  await expect(brunos.getByText(/caracteres$/)).toContainText(`de 2000 caracteres`);
  await brunos.getByRole('button', { name: 'Comentar' }).click();
  const brunoComment = brunos.getByRole('article', { name: bruno.name });
  await expect(brunoComment.getByRole('link', { name: `@${ana.name}` })).toHaveAttribute(
    'href',
    `/profile/${ana.userId}`,
  );
  await expect(brunoComment.getByRole('link', { name: 'https://exemplo.com/bacurau' })).toHaveAttribute(
    'rel',
    'nofollow ugc noopener',
  );
  await expect(box).toHaveValue('');

  // Carla's bell rises where she is, and names who mentioned her and where.
  await expect(carlasBell).toHaveAccessibleName('Notificações: 2 não lidas');
  expect(await carlaPage.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
  await carlasBell.click();
  await expect(
    carlaPage.getByText(
      `${bruno.name} mencionou você num comentário da coleção “Filmes para conversar ${tag}”.`,
    ),
  ).toBeVisible();

  // Ana, the owner, reads it, replies to it, and sees the count on the banner.
  const anaPage = await personIn(browser, ana, `/lists/${list.id}`);
  const anas = commentsOf(anaPage);
  const seenByAna = anas.getByRole('article', { name: bruno.name });
  await expect(seenByAna).toContainText(`Oi @${ana.name} e @${carla.name} veja https://exemplo.com/bacurau.`);
  await expect(anaPage.locator('.banner-counters')).toContainText('1 comentários');
  await seenByAna.getByRole('button', { name: 'Responder' }).click();
  await anas.getByLabel('Escreva a sua resposta').fill('Obrigada pela dica!');
  await anas.getByRole('button', { name: 'Responder', exact: true }).last().click();
  const replies = anas.getByRole('list', { name: `Respostas a ${bruno.name}` });
  await expect(replies.getByRole('article', { name: ana.name })).toContainText('Obrigada pela dica!');
  expect(await axeViolations(anaPage)).toEqual([]);
  // On a 390 px phone the thread fits the width.
  await anaPage.setViewportSize({ width: 390, height: 844 });
  await expect(replies.getByRole('article', { name: ana.name })).toBeVisible();
  expect(
    await anaPage.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
  ).toBeLessThanOrEqual(0);

  // Bruno reads the reply when he opens the page again.
  await brunoPage.reload();
  await expect(
    commentsOf(brunoPage)
      .getByRole('list', { name: `Respostas a ${bruno.name}` })
      .getByRole('article', { name: ana.name }),
  ).toContainText('Obrigada pela dica!');

  // Ana deletes Bruno's comment (its reply goes with it).
  await seenByAna.getByRole('button', { name: 'Excluir' }).click();
  const confirm = anaPage.getByRole('dialog', { name: 'Excluir comentário?' });
  await confirm.getByRole('button', { name: 'Excluir' }).click();
  await expect(anas.getByText('Nenhum comentário ainda.', { exact: false })).toBeVisible();

  await brunoPage.reload();
  await expect(commentsOf(brunoPage).getByText('Nenhum comentário ainda.', { exact: false })).toBeVisible();
});
