import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders, stubFetch } from '../../../testing/render';
import { aCollection, storeSession } from '../../../testing/fixtures';
import { FeedBrowser } from './feed-browser';
import { UserCollections } from './user-collections';

const card = (n: number, category = { id: 'k1', name: 'Museus' }) =>
  aCollection({
    id: `c${n}`,
    name: `Coleção ${n}`,
    user_id: 'u2',
    owner_name: 'Bia',
    category_id: category.id,
    category_name: category.name,
  });

describe('FeedBrowser pagination', () => {
  it("offers 'Carregar mais' while the category has more pages and asks for the next cursor", async () => {
    storeSession();
    const calls = stubFetch(
      { status: 200, body: { data: [{ id: 'k1', name: 'Museus' }] } },
      { status: 200, body: { data: [card(1), card(2)], next_cursor: 'abc' } },
      { status: 200, body: { data: [card(3)], next_cursor: null } },
    );
    const { user } = renderWithProviders(<FeedBrowser />);
    expect(await screen.findByRole('link', { name: 'Coleção 2' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Coleção 3' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Carregar mais' }));
    const third = await screen.findByRole('link', { name: 'Coleção 3' });
    expect(screen.getByRole('link', { name: 'Coleção 1' })).toBeInTheDocument();
    expect(calls[2]!.url).toBe('/api/v1/collection/by_category/k1?cursor=abc');
    // Last page: the button goes and keyboard focus lands on the first new card.
    expect(screen.queryByRole('button', { name: 'Carregar mais' })).not.toBeInTheDocument();
    expect(third).toHaveFocus();
  });

  it('keeps the loaded cards and offers the button again when the next page fails', async () => {
    storeSession();
    stubFetch(
      { status: 200, body: { data: [{ id: 'k1', name: 'Museus' }] } },
      { status: 200, body: { data: [card(1)], next_cursor: 'abc' } },
      new TypeError('offline'),
    );
    const { user } = renderWithProviders(<FeedBrowser />);
    await user.click(await screen.findByRole('button', { name: 'Carregar mais' }));
    expect(await screen.findByRole('alert')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Coleção 1' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Carregar mais' })).toBeEnabled();
  });
});

describe('FeedBrowser tabs', () => {
  const following = (first: boolean | undefined) => ({
    title: 'Seguindo',
    content: <p>o que aconteceu</p>,
    first,
  });
  const tabNames = () => screen.getAllByRole('tab').map((tab) => tab.textContent);

  it('opens on "Seguindo", the first tab, for someone who follows someone', async () => {
    storeSession();
    stubFetch({ status: 200, body: { data: [{ id: 'k1', name: 'Museus' }] } });
    renderWithProviders(<FeedBrowser following={following(true)} />);
    expect(await screen.findByText('o que aconteceu')).toBeInTheDocument();
    expect(tabNames()).toEqual(['Seguindo', 'Categorias', 'Mais populares']);
    expect(screen.getByRole('tab', { name: 'Seguindo' })).toHaveAttribute('aria-selected', 'true');
  });

  it('shows the placeholder, not the categories, until it knows whether the person follows anyone', async () => {
    storeSession();
    stubFetch(
      { status: 200, body: { data: [{ id: 'k1', name: 'Museus' }] } },
      { status: 200, body: { data: [card(1)], next_cursor: null } },
    );
    const { container } = renderWithProviders(<FeedBrowser following={following(undefined)} />);
    // The category's cards load meanwhile, out of sight.
    expect(await screen.findByText('Coleção 1')).not.toBeVisible();
    expect(container.querySelector('.placeholder-glow')).toBeVisible();
    expect(tabNames()).toEqual(['Categorias', 'Mais populares']);
  });

  it('keeps the categories first for everyone else, with "Seguindo" last', async () => {
    storeSession();
    stubFetch(
      { status: 200, body: { data: [{ id: 'k1', name: 'Museus' }] } },
      { status: 200, body: { data: [card(1)], next_cursor: null } },
    );
    const { user } = renderWithProviders(<FeedBrowser following={following(false)} />);
    expect(await screen.findByRole('link', { name: 'Coleção 1' })).toBeInTheDocument();
    expect(tabNames()).toEqual(['Categorias', 'Mais populares', 'Seguindo']);
    expect(screen.queryByText('o que aconteceu')).not.toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Seguindo' }));
    expect(await screen.findByText('o que aconteceu')).toBeInTheDocument();
  });
});

describe('UserCollections', () => {
  it('follows every page, so the category tabs count all of a profile’s collections', async () => {
    storeSession();
    const books = { id: 'k2', name: 'Livros' };
    const calls = stubFetch(
      { status: 200, body: { data: [card(1), card(2)], next_cursor: 'p2' } },
      { status: 200, body: { data: [card(3), card(4, books)], next_cursor: null } },
    );
    renderWithProviders(<UserCollections userId="u2" own={false} />);
    expect(await screen.findByRole('tab', { name: 'Museus (3)' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Livros (1)' })).toBeInTheDocument();
    expect(calls.map((call) => call.url)).toEqual([
      '/api/v1/collection/by_user/u2?limit=50',
      '/api/v1/collection/by_user/u2?limit=50&cursor=p2',
    ]);
  });
});
