import type { TasteShare } from '@acervo/contract/taste';
import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { storeSession } from '../../../testing/fixtures';
import { renderWithProviders, stubFetch } from '../../../testing/render';
import { SharedTaste } from './shared-taste';

const share: TasteShare = {
  id: 'link1',
  owner: { id: 'u1', name: 'Ana' },
  other: { id: 'u2', name: 'Bia' },
  match: 90,
  items_in_common: 5,
  agreements: [
    { name: 'Bacurau', my_rating: 4.5, their_rating: 4.5 },
    { name: 'Aquarius', my_rating: 4, their_rating: 3.5 },
  ],
  disagreement: { name: 'Central do Brasil', my_rating: 3, their_rating: 2 },
};

afterEach(() => act(() => i18n.changeLanguage('pt')));

describe('/taste/{id}', () => {
  it('shows a visitor the match, why, and the way to an account of their own', async () => {
    const calls = stubFetch({ status: 200, body: { data: share } });
    renderWithProviders(<SharedTaste id="link1" />, { path: '/taste/:id', at: '/taste/link1' });

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Ana e Bia combinam em 90%' }),
    ).toBeInTheDocument();
    expect(calls[0]!.url).toBe('/api/v1/taste_shares/link1');
    expect(document.title).toBe('Ana e Bia combinam em 90% · Acervo');
    expect(screen.getByText('5 itens avaliados pelos dois, nas coleções públicas')).toBeInTheDocument();
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Os dois deram 4,5 a Bacurau',
      'Ana deu 4 e Bia deu 3,5 a Aquarius',
    ]);
    expect(screen.getByText('Central do Brasil: Ana deu 3, Bia deu 2')).toBeInTheDocument();
    expect(screen.getByText('Descubra com quem você combina: crie sua conta no Acervo.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Quero criar minha conta' })).toBeInTheDocument();
    // Profiles are behind sign-in: a visitor is not sent there.
    expect(screen.queryByRole('link', { name: 'Ana' })).not.toBeInTheDocument();
  });

  it('links a signed-in reader to both profiles, in English too', async () => {
    storeSession();
    await act(() => i18n.changeLanguage('en'));
    stubFetch({ status: 200, body: { data: share } });
    renderWithProviders(<SharedTaste id="link1" />, { path: '/taste/:id', at: '/taste/link1' });

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Ana and Bia match 90%' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Both gave Bacurau 4.5')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Bia' })).toHaveAttribute('href', '/profile/u2');
    expect(screen.queryByText(/create your Acervo account/)).not.toBeInTheDocument();
  });

  it('says a link that is down is gone, with nothing to retry', async () => {
    stubFetch({ status: 404, body: { error: { code: 'NOT_FOUND', message: 'Link não encontrado.' } } });
    renderWithProviders(<SharedTaste id="gone" />, { path: '/taste/:id', at: '/taste/gone' });

    expect(await screen.findByRole('alert')).toHaveTextContent('Este link não está mais disponível.');
    expect(screen.queryByRole('button', { name: 'Tentar novamente' })).not.toBeInTheDocument();
  });
});
