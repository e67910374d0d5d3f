import type { Recap } from '@acervo/contract/recap';
import { act, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { storeSession } from '../../../testing/fixtures';
import { renderWithProviders, stubFetch } from '../../../testing/render';
import { SharedRecap } from './shared-recap';
import { UserRecap } from './user-recap';

const recap: Recap = {
  year: 2026,
  person: { id: 'u1', name: 'Ana' },
  items_rated: 12,
  collections_made: 1,
  top_items: [
    { id: 'i1', name: 'Bacurau', rating: 5, collection_id: 'c1', collection_name: 'Filmes' },
    { id: 'i2', name: 'Torto Arado', rating: 4.5, collection_id: 'c2', collection_name: 'Livros' },
  ],
  busiest_month: { month: 11, count: 8 },
  categories: [
    { category_id: 'filmes', category_name: 'Filmes', items: 9 },
    { category_id: 'livros', category_name: 'Livros', items: 3 },
  ],
  most_liked_collection: { id: 'c1', name: 'Filmes', likes: 2 },
  best_match: { user_id: 'u2', name: 'Bia', match: 87 },
  share_id: null,
};

const notFound = <p>não encontrada</p>;
const ownPage = (userId = 'u1') =>
  renderWithProviders(<UserRecap userId={userId} year={2026} own={userId === 'u1'} notFound={notFound} />, {
    path: '/profile/:userId/recap/:year',
    at: `/profile/${userId}/recap/2026`,
  });

afterEach(() => act(() => i18n.changeLanguage('pt')));

describe('/profile/{id}/recap/{year}', () => {
  it('shows the owner their year, with links to the items, the collection and the match', async () => {
    storeSession();
    const calls = stubFetch({ status: 200, body: { data: recap } });
    ownPage();

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Seu ano no Acervo 2026' }),
    ).toBeInTheDocument();
    expect(calls[0]!.url).toBe('/api/v1/user/u1/recap/2026');
    expect(screen.getByText('itens avaliados').parentElement).toHaveTextContent('12itens avaliados');
    expect(screen.getByText('coleção criada').parentElement).toHaveTextContent('1coleção criada');
    const top = within(screen.getByRole('region', { name: 'Os mais bem avaliados' }));
    expect(top.getByRole('link', { name: 'Bacurau' })).toHaveAttribute('href', '/lists/c1/items/i1');
    expect(top.getByText('4,5 estrelas, em Livros')).toBeInTheDocument();
    expect(screen.getByText('novembro: 8 itens adicionados ou avaliados')).toBeInTheDocument();
    expect(screen.getByText('Filmes: 9 itens')).toBeInTheDocument();
    expect(
      within(screen.getByRole('region', { name: 'A coleção mais curtida' })).getByRole('link', {
        name: 'Filmes',
      }),
    ).toHaveAttribute('href', '/lists/c1');
    expect(screen.getByRole('link', { name: 'Bia' })).toHaveAttribute('href', '/profile/u2');
    expect(screen.getByRole('switch', { name: 'Compartilhar com um link público' })).not.toBeChecked();
    expect(screen.queryByRole('link', { name: 'Baixar imagem para stories' })).not.toBeInTheDocument();
  });

  it('shares the year: the switch puts up the public link, its copy button and the stories picture', async () => {
    storeSession();
    const calls = stubFetch(
      { status: 200, body: { data: recap } },
      { status: 200, body: { data: { id: 'link1' } } },
      { status: 200, body: { data: { shared: false } } },
    );
    const { user } = ownPage();
    await user.click(await screen.findByRole('switch', { name: 'Compartilhar com um link público' }));

    expect(await screen.findByRole('textbox', { name: 'Link público' })).toHaveValue(
      `${window.location.origin}/recap/link1`,
    );
    expect(calls[1]).toMatchObject({ url: '/api/v1/user/u1/recap/2026/share', init: { method: 'PUT' } });
    const story = screen.getByRole('link', { name: 'Baixar imagem para stories' });
    expect(story).toHaveAttribute('href', '/recap/link1/story.png');
    expect(story).toHaveAttribute('download');
    await user.click(screen.getByRole('button', { name: 'Copiar link' }));
    expect(await screen.findByText('Link copiado.')).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe(`${window.location.origin}/recap/link1`);

    await user.click(screen.getByRole('switch', { name: 'Compartilhar com um link público' }));
    expect(calls[2]).toMatchObject({ url: '/api/v1/user/u1/recap/2026/share', init: { method: 'DELETE' } });
    await screen.findByRole('switch', { name: 'Compartilhar com um link público', checked: false });
    expect(screen.queryByRole('textbox', { name: 'Link público' })).not.toBeInTheDocument();
  });

  it('puts the switch back and says so when the link cannot be made', async () => {
    storeSession();
    stubFetch(
      { status: 200, body: { data: recap } },
      { status: 500, body: { error: { code: 'INTERNAL_ERROR', message: 'Erro.' } } },
    );
    const { user } = ownPage();
    await user.click(await screen.findByRole('switch', { name: 'Compartilhar com um link público' }));

    expect(await screen.findByText('Não foi possível criar o link. Tente novamente.')).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Compartilhar com um link público' })).not.toBeChecked();
    expect(screen.queryByRole('textbox', { name: 'Link público' })).not.toBeInTheDocument();
  });

  it('tells the owner of an empty year what to do, in English too', async () => {
    storeSession();
    await act(() => i18n.changeLanguage('en'));
    stubFetch({
      status: 200,
      body: {
        data: {
          ...recap,
          items_rated: 0,
          collections_made: 0,
          top_items: [],
          busiest_month: null,
          categories: [],
          most_liked_collection: null,
          best_match: null,
        },
      },
    });
    ownPage();

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Your year on Acervo 2026' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Rate a few items to see your year on Acervo here.')).toBeInTheDocument();
    expect(screen.queryByRole('switch')).not.toBeInTheDocument();
  });

  it('shows someone else a shared year, and the not-found page when it is not shared', async () => {
    storeSession('u9', { name: 'Caio' });
    stubFetch({ status: 200, body: { data: recap } });
    const shown = ownPage('u1x');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'O ano de Ana no Acervo 2026' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Contando só as coleções públicas.')).toBeInTheDocument();
    expect(screen.queryByRole('switch')).not.toBeInTheDocument();
    shown.unmount();

    stubFetch({ status: 404, body: { error: { code: 'NOT_FOUND', message: 'Usuário não encontrado.' } } });
    const hidden = ownPage('u2');
    expect(await screen.findByText('não encontrada')).toBeInTheDocument();
    hidden.unmount();

    // A year the API does not know is no page either.
    stubFetch({ status: 400, body: { error: { code: 'VALIDATION_FAILED', message: 'Ano inválido.' } } });
    ownPage('u1');
    expect(await screen.findByText('não encontrada')).toBeInTheDocument();
  });
});

describe('/recap/{id}', () => {
  it('shows a visitor the shared year without links behind sign-in, and the way to an account', async () => {
    const calls = stubFetch({ status: 200, body: { data: recap } });
    renderWithProviders(<SharedRecap id="link1" />, { path: '/recap/:id', at: '/recap/link1' });

    expect(
      await screen.findByRole('heading', { level: 1, name: 'O ano de Ana no Acervo 2026' }),
    ).toBeInTheDocument();
    expect(calls[0]!.url).toBe('/api/v1/recap_shares/link1');
    expect(document.title).toBe('O ano de Ana no Acervo 2026 · Acervo');
    expect(screen.getByText('Bacurau')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Bacurau' })).not.toBeInTheDocument();
    expect(screen.getByText('Veja o seu ano também: crie sua conta no Acervo.')).toBeInTheDocument();
  });

  it('says a link that is down is gone, with nothing to retry', async () => {
    stubFetch({ status: 404, body: { error: { code: 'NOT_FOUND', message: 'Link não encontrado.' } } });
    renderWithProviders(<SharedRecap id="gone" />, { path: '/recap/:id', at: '/recap/gone' });

    expect(await screen.findByRole('alert')).toHaveTextContent('Este link não está mais disponível.');
    expect(screen.queryByRole('button', { name: 'Tentar novamente' })).not.toBeInTheDocument();
  });
});
