import type { TasteAnswer } from '@acervo/contract/taste';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { storeSession } from '../../../testing/fixtures';
import { renderWithProviders, stubFetch } from '../../../testing/render';
import { TasteInCommon } from './taste-in-common';

const taste: TasteAnswer = {
  match: 72,
  items_in_common: 6,
  agreements: [
    { name: 'Bacurau', my_rating: 4.5, their_rating: 4.5 },
    { name: 'Aquarius', my_rating: 4, their_rating: 3.5 },
  ],
  disagreement: { name: 'Central do Brasil', my_rating: 5, their_rating: 2 },
  share_id: null,
};

afterEach(() => act(() => i18n.changeLanguage('pt')));

describe('"Gosto em comum"', () => {
  it('gives the match, where both agree and the biggest disagreement', async () => {
    storeSession();
    const calls = stubFetch({ status: 200, body: { data: taste } });
    renderWithProviders(<TasteInCommon userId="u2" personName="Bia" />);

    const card = await screen.findByRole('region', { name: 'Gosto em comum' });
    expect(calls[0]!.url).toBe('/api/v1/user/u2/taste');
    expect(within(card).getByText('Vocês combinam em 72%')).toBeInTheDocument();
    expect(within(card).getByText('6 itens avaliados por vocês dois')).toBeInTheDocument();
    expect(
      within(card)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Vocês dois deram 4,5 a Bacurau', 'Você deu 4 e Bia deu 3,5 a Aquarius']);
    expect(within(card).getByText('Central do Brasil: você deu 5, Bia deu 2')).toBeInTheDocument();
  });

  it('says there are too few items in common instead of a number, in English too', async () => {
    storeSession();
    await act(() => i18n.changeLanguage('en'));
    stubFetch({
      status: 200,
      body: {
        data: {
          ...taste,
          match: null,
          items_in_common: 1,
          disagreement: null,
          agreements: [taste.agreements[0]],
        },
      },
    });
    renderWithProviders(<TasteInCommon userId="u2" personName="Bia" />);

    const card = await screen.findByRole('region', { name: 'Taste in common' });
    expect(within(card).getByText('Not enough items in common yet')).toBeInTheDocument();
    expect(within(card).queryByText(/%/)).not.toBeInTheDocument();
    expect(within(card).getByText('You both gave Bacurau 4.5')).toBeInTheDocument();
    expect(within(card).queryByText('Your biggest disagreement')).not.toBeInTheDocument();
  });

  it('shows nothing when the comparison is hidden (404)', async () => {
    storeSession();
    stubFetch({ status: 404, body: { error: { code: 'NOT_FOUND', message: 'Usuário não encontrado.' } } });
    const { client, container } = renderWithProviders(<TasteInCommon userId="u2" personName="Bia" />);

    await waitFor(() => expect(client.getQueryState(['user', 'u2', 'taste'])?.status).toBe('error'));
    expect(container).toBeEmptyDOMElement();
  });

  it('creates the public link on request, then offers to open and remove it', async () => {
    storeSession();
    const user = userEvent.setup();
    const calls = stubFetch(
      { status: 200, body: { data: taste } },
      { status: 200, body: { data: { id: 'link1' } } },
      { status: 200, body: { data: { shared: false } } },
    );
    renderWithProviders(<TasteInCommon userId="u2" personName="Bia" />);

    const card = await screen.findByRole('region', { name: 'Gosto em comum' });
    expect(
      within(card).getByText(
        'Um link público mostra este resultado a partir das coleções públicas de vocês dois.',
      ),
    ).toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Criar link público' }));
    expect(await within(card).findByRole('link', { name: 'Ver a página do link' })).toHaveAttribute(
      'href',
      '/taste/link1',
    );
    expect(calls[1]).toMatchObject({ url: '/api/v1/user/u2/taste/share', init: { method: 'PUT' } });
    expect(within(card).getByRole('button', { name: 'Compartilhar' })).toBeInTheDocument();

    await user.click(within(card).getByRole('button', { name: 'Remover o link' }));
    expect(await within(card).findByRole('button', { name: 'Criar link público' })).toBeInTheDocument();
    expect(calls[2]).toMatchObject({ url: '/api/v1/user/u2/taste/share', init: { method: 'DELETE' } });
  });

  it('says why a match public collections cannot show is not shared (409)', async () => {
    storeSession();
    const user = userEvent.setup();
    stubFetch(
      { status: 200, body: { data: taste } },
      { status: 409, body: { error: { code: 'TASTE_NOT_SHAREABLE', message: 'Ainda há poucos...' } } },
    );
    renderWithProviders(<TasteInCommon userId="u2" personName="Bia" />);

    const card = await screen.findByRole('region', { name: 'Gosto em comum' });
    await user.click(within(card).getByRole('button', { name: 'Criar link público' }));
    expect(await within(card).findByRole('alert')).toHaveTextContent(
      'Ainda há poucos itens em comum nas coleções públicas de vocês para compartilhar.',
    );
    expect(within(card).getByRole('button', { name: 'Criar link público' })).toBeEnabled();
  });

  it('offers no link below the minimum (no number to share)', async () => {
    storeSession();
    stubFetch({ status: 200, body: { data: { ...taste, match: null, items_in_common: 3 } } });
    renderWithProviders(<TasteInCommon userId="u2" personName="Bia" />);

    const card = await screen.findByRole('region', { name: 'Gosto em comum' });
    expect(within(card).queryByRole('button', { name: 'Criar link público' })).not.toBeInTheDocument();
  });
});
