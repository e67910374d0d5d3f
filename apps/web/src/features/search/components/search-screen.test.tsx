import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders, stubFetch } from '../../../testing/render';
import { storeSession } from '../../../testing/fixtures';
import { SearchBox } from './search-box';
import { SearchScreen } from './search-screen';

const text = (value: string, ...ranges: Array<[number, number]>) => ({
  text: value,
  highlights: ranges.map(([start, end]) => ({ start, end })),
});
const collectionHit = {
  type: 'collection',
  id: 'c1',
  title: text('Açaí na tigela', [0, 4]),
  snippet: text('O melhor açaí de Belém.', [9, 13]),
  owner: { id: 'u2', name: 'Bruno' },
  category: { id: 'k1', name: 'Restaurantes' },
  private: false,
  items_count: 3,
};
const itemHit = {
  type: 'item',
  id: 'i1',
  title: text('Açaí do Pará', [0, 4]),
  snippet: text(''),
  collection: { id: 'c7', name: 'Sobremesas', private: false },
  rating: 4.5,
};
const userHit = {
  type: 'user',
  id: 'u5',
  title: text('Açaí Lover', [0, 4]),
  snippet: text(''),
  picture: null,
};
const page = (data: unknown[], next_cursor: string | null = null) => ({
  status: 200,
  body: { data, next_cursor },
});

describe('SearchScreen', () => {
  it('searches once typing pauses and shows collections with the matches marked', async () => {
    storeSession();
    const calls = stubFetch(page([collectionHit]));
    const { user, router } = renderWithProviders(<SearchScreen />, { path: '/search', at: '/search' });
    expect(screen.getByText('Digite o que deseja buscar.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Buscar'), 'acai');
    const result = await screen.findByRole('link', { name: 'Açaí na tigela' });
    expect(result).toHaveAttribute('href', '/lists/c1');
    expect(within(result).getByText('Açaí').tagName).toBe('MARK');
    expect(screen.getByText('1 resultado para “acai”.')).toHaveAttribute('role', 'status');
    // One call for the whole word, not one per letter.
    expect(calls.map((call) => call.url)).toEqual(['/api/v1/search?q=acai&type=collection']);
    expect(router.state.location.search).toBe('?q=acai');
  });

  it('shows items and people in their own tabs', async () => {
    storeSession();
    const calls = stubFetch(page([collectionHit]), page([itemHit]), page([userHit]));
    const { user } = renderWithProviders(<SearchScreen />, {
      path: '/search',
      at: '/search?q=a%C3%A7a%C3%AD',
    });
    expect(await screen.findByRole('link', { name: 'Açaí na tigela' })).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Itens' }));
    expect(await screen.findByRole('link', { name: 'Açaí do Pará' })).toHaveAttribute(
      'href',
      '/lists/c7/items/i1',
    );
    expect(screen.getByText(/Nota 4,5 de 5/)).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Pessoas' }));
    expect(await screen.findByRole('link', { name: 'Açaí Lover' })).toHaveAttribute('href', '/profile/u5');
    expect(calls.map((call) => new URL(call.url, 'http://x').searchParams.get('type'))).toEqual([
      'collection',
      'item',
      'user',
    ]);
  });

  it('keeps the tab chosen just before typing when the pause ends', async () => {
    storeSession();
    stubFetch(page([collectionHit]), page([userHit]), page([userHit]));
    const { router } = renderWithProviders(<SearchScreen />, { path: '/search', at: '/search?q=acai' });
    expect(await screen.findByRole('link', { name: 'Açaí na tigela' })).toBeInTheDocument();
    // Typing starts before the tab's navigation has been drawn (a busy phone): both events reach
    // the page as a browser sends them, before React draws the navigation's transition.
    const input = screen.getByLabelText<HTMLInputElement>('Buscar');
    const actEnvironment = Reflect.get(globalThis, 'IS_REACT_ACT_ENVIRONMENT');
    Reflect.set(globalThis, 'IS_REACT_ACT_ENVIRONMENT', false);
    try {
      screen.getByRole('tab', { name: 'Pessoas' }).click();
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, 'Açaí Lover');
      input.dispatchEvent(new Event('input', { bubbles: true }));
    } finally {
      Reflect.set(globalThis, 'IS_REACT_ACT_ENVIRONMENT', actEnvironment);
    }
    await waitFor(() => expect(router.state.location.search).toContain('q=A%C3%A7a%C3%AD+Lover'));
    expect(router.state.location.search).toContain('type=user');
    expect(screen.getByRole('tab', { name: 'Pessoas' })).toHaveAttribute('aria-selected', 'true');
  });

  it('pages further results in with the cursor and says when there are none', async () => {
    storeSession();
    const second = { ...collectionHit, id: 'c2', title: text('Açaí com granola', [0, 4]) };
    const calls = stubFetch(page([collectionHit], 'p2'), page([second]), page([]));
    const { user } = renderWithProviders(<SearchScreen />, { path: '/search', at: '/search?q=acai' });
    expect(await screen.findByText('1 resultado para “acai” até aqui; há mais.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Carregar mais' }));
    expect(await screen.findByRole('link', { name: 'Açaí com granola' })).toHaveFocus();
    expect(calls[1]!.url).toBe('/api/v1/search?q=acai&type=collection&cursor=p2');
    expect(screen.getByText('2 resultados para “acai”.')).toBeInTheDocument();

    const box = screen.getByLabelText('Buscar');
    await user.clear(box);
    await user.type(box, 'xyz');
    expect(await screen.findByText('Nenhum resultado para “xyz”.')).toBeInTheDocument();
  });

  it('does not ask the API for words without a letter or digit', async () => {
    storeSession();
    const calls = stubFetch();
    renderWithProviders(<SearchScreen />, { path: '/search', at: '/search?q=%3F%3F' });
    expect(screen.getByText('Use ao menos uma letra ou um número.')).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calls).toHaveLength(0);
  });

  it('does not search one letter and says why (issue 23)', async () => {
    storeSession();
    const calls = stubFetch();
    renderWithProviders(<SearchScreen />, { path: '/search', at: '/search?q=a' });
    expect(screen.getAllByText('Digite ao menos 2 letras ou números.')[0]).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calls).toHaveLength(0);
  });
});

describe('SearchBox', () => {
  it('opens the search page with the words', async () => {
    const { user, router } = renderWithProviders(<SearchBox id="s" label="Busca no feed" />);
    await user.type(
      within(screen.getByRole('search', { name: 'Busca no feed' })).getByLabelText('Buscar'),
      'açaí{Enter}',
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/search'));
    expect(router.state.location.search).toBe('?q=a%C3%A7a%C3%AD');
  });
});
