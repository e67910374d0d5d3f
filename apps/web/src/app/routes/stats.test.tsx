import type { Stats } from '@acervo/contract/stats';
import type { UserProfile } from '@acervo/contract/user';
import { act, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '../../lib/i18n';
import { storeSession } from '../../testing/fixtures';
import { renderWithProviders, stubFetch } from '../../testing/render';
import { UserStatsPage } from './stats';

const bia: UserProfile = {
  id: 'u2',
  name: 'Bia',
  picture: null,
  total_collections: 3,
  total_followers: 4,
  total_likes: 7,
  total_following: 2,
  followed_by_me: false,
};

const day = (ago: number) => new Date(Date.now() - ago * 24 * 3600 * 1000).toISOString().slice(0, 10);

/** Bia's figures as the API would answer them: 11 ratings in films and books, a year of activity. */
const stats: Stats = {
  ratings: {
    count: 11,
    average: 3.95,
    histogram: { '0.5': 0, '1': 0, '1.5': 0, '2': 1, '2.5': 0, '3': 2, '3.5': 1, '4': 4, '4.5': 1, '5': 2 },
  },
  categories: [
    { category_id: 'c1', category_name: 'Filmes', items: 8, rated: 7, average: 4.14 },
    { category_id: 'c2', category_name: 'Livros', items: 4, rated: 4, average: 3.63 },
  ],
  activity: [
    { date: day(40), count: 3 },
    { date: day(2), count: 6 },
    { date: day(1), count: 2 },
  ],
  generosity: { own_average: 4.2, others_average: 3.6, items: 5 },
  closest: [
    { user_id: 'u3', name: 'Carla', match: 88 },
    { user_id: 'u1', name: 'Ana', match: 75 },
  ],
  most_liked_collection: { id: 'col9', name: 'Clássicos do cinema', likes_count: 12 },
};

/** Answers by address (the header and the page load at once); page views and config aside. */
function answer(routes: Record<string, { status: number; body: unknown }>) {
  stubFetch();
  const base = globalThis.fetch;
  globalThis.fetch = (async (url: string | URL | Request, init?: RequestInit) => {
    const route = routes[String(url)];
    return route ? Response.json(route.body, { status: route.status }) : base(url, init);
  }) as typeof fetch;
}

const render = (userId: string) =>
  renderWithProviders(<UserStatsPage />, {
    path: '/profile/:userId/stats',
    at: `/profile/${userId}/stats`,
  });

afterEach(() => act(() => i18n.changeLanguage('pt')));

describe('/profile/{id}/stats', () => {
  it("draws another person's figures as charts, each with its figures in text", async () => {
    storeSession();
    answer({
      '/api/v1/user/u2': { status: 200, body: { data: bia } },
      '/api/v1/user/u2/stats': { status: 200, body: { data: stats } },
    });
    render('u2');

    expect(await screen.findByRole('heading', { level: 2, name: 'Estatísticas' })).toBeInTheDocument();
    expect(screen.getByTestId('stats-summary')).toHaveTextContent(
      '11 itens avaliados, média 3,95 · Contando só as coleções públicas.',
    );
    const histogram = screen.getByTestId('histogram-text');
    expect(
      within(histogram)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      '1 item avaliado com 2 estrelas',
      '2 itens avaliados com 3 estrelas',
      '1 item avaliado com 3,5 estrelas',
      '4 itens avaliados com 4 estrelas',
      '1 item avaliado com 4,5 estrelas',
      '2 itens avaliados com 5 estrelas',
    ]);
    expect(
      within(screen.getByTestId('categories-text'))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Filmes: 7 itens avaliados, média 4,14', 'Livros: 4 itens avaliados, média 3,63']);
    expect(screen.getByTestId('generosity-text')).toHaveTextContent(
      'Notas mais generosas que as das outras pessoas: média 4,2 contra 3,6, em 5 itens em comum.',
    );
    expect(screen.getByTestId('activity-text')).toHaveTextContent(
      `11 itens adicionados ou avaliados em 3 dias. Dia mais ativo: ${day(2).split('-').reverse().join('/')}, com 6 itens.`,
    );
    // The charts themselves: SVG images a screen reader names.
    expect(
      await screen.findByRole('img', { name: /Gráfico de barras: quantos itens receberam cada nota/ }),
    ).toBeInTheDocument();
    const heatmap = await screen.findByRole('img', { name: /Mapa de calor/ });
    expect(heatmap.querySelectorAll('rect')).toHaveLength(365);
    expect(screen.getByRole('link', { name: 'Carla' })).toHaveAttribute('href', '/profile/u3');
    expect(screen.getByRole('link', { name: 'Clássicos do cinema' })).toHaveAttribute('href', '/lists/col9');
    expect(screen.getByText('12 curtidas')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Estatísticas' })).toHaveAttribute('aria-current', 'page');
    expect(document.title).toBe('Estatísticas de Bia · Acervo');
    expect(screen.queryByRole('link', { name: /Seu ano no Acervo/ })).not.toBeInTheDocument();
  });

  it('reads in English too', async () => {
    storeSession();
    await act(() => i18n.changeLanguage('en'));
    answer({
      '/api/v1/user/u2': { status: 200, body: { data: bia } },
      '/api/v1/user/u2/stats': { status: 200, body: { data: stats } },
    });
    render('u2');

    expect(await screen.findByText('4 items rated 4 stars')).toBeInTheDocument();
    expect(screen.getByText('Livros: 4 items rated, average 3.63')).toBeInTheDocument();
    expect(screen.getByTestId('generosity-text')).toHaveTextContent(
      'More generous ratings than other people’s: average 4.2 against 3.6, over 5 items in common.',
    );
  });

  it('asks one with nothing rated to rate a few items, with the way there', async () => {
    storeSession();
    answer({
      '/api/v1/user/u1': { status: 200, body: { data: { ...bia, id: 'u1', name: 'Ana' } } },
      '/api/v1/user/u1/stats': {
        status: 200,
        body: {
          data: {
            ...stats,
            ratings: { count: 0, average: null, histogram: {} },
            categories: [],
            activity: [],
            generosity: null,
            closest: [],
            most_liked_collection: null,
          },
        },
      },
    });
    render('u1');

    expect(await screen.findByText('Avalie alguns itens para ver seu gosto aqui')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ir para minhas coleções' })).toHaveAttribute('href', '/profile');
    expect(screen.queryByRole('img', { name: /Gráfico/ })).not.toBeInTheDocument();
    expect(document.title).toBe('Minhas estatísticas · Acervo');
    // The owner's way to this year's recap (issue 28).
    const year = new Date().getFullYear();
    expect(screen.getByRole('link', { name: `Seu ano no Acervo ${year}` })).toHaveAttribute(
      'href',
      `/profile/u1/recap/${year}`,
    );
  });

  it('says not found when the stats are hidden (a block, a private profile, an opt-out)', async () => {
    storeSession();
    answer({
      '/api/v1/user/u2': { status: 200, body: { data: bia } },
      '/api/v1/user/u2/stats': {
        status: 404,
        body: { error: { code: 'NOT_FOUND', message: 'Usuário não encontrado.' } },
      },
    });
    render('u2');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Não encontramos esta página' }),
    ).toBeInTheDocument();
    expect(screen.queryByText(/itens avaliados/)).not.toBeInTheDocument();
  });
});
