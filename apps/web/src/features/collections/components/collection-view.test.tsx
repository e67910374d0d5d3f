import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithProviders, stubFetch } from '../../../testing/render';
import { CollectionView } from './collection-view';
import { groupByCategory } from './user-collections';

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
});

function storeSession(userId: string) {
  localStorage.setItem('token', 'tok');
  localStorage.setItem('user_id', userId);
  localStorage.setItem('user_name', 'Ana');
  localStorage.setItem('user_email', 'ana@example.com');
}

const collection = {
  id: 'c1',
  name: 'Filmes que revejo',
  description: 'Os melhores.',
  user_id: 'u1',
  owner_name: 'Ana',
  category_id: 'k1',
  category_name: 'Filmes',
  private: false,
  followers: 3,
  likes: 7,
  location: 'Brasil',
  last_updated: '2026-03-05T12:00:00.000Z',
  created_at: '2026-03-01T12:00:00.000Z',
  items_count: 2,
  collection_items: [
    { id: 'i1', collection_id: 'c1', name: 'Bacurau', description: 'Faroeste.', rating: 4.5, position: 0 },
    { id: 'i2', collection_id: 'c1', name: 'Central do Brasil', description: '', rating: null, position: 1 },
  ],
  liked_by_me: false,
  followed_by_me: false,
  my_role: null,
  saved_from: null,
};

describe('CollectionView', () => {
  it('shows an anonymous visitor only the prompt, without asking the API', () => {
    const calls = stubFetch();
    renderWithProviders(<CollectionView collectionId="c1" />);
    expect(screen.getByText('Para visualizar esta lista, entre com a sua conta.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Quero criar minha conta' })).toHaveAttribute(
      'href',
      '/register',
    );
    expect(calls).toHaveLength(0);
  });

  it('gives the owner the edit and add controls, reordering and the banner', async () => {
    storeSession('u1');
    stubFetch({ status: 200, body: { data: collection } });
    renderWithProviders(<CollectionView collectionId="c1" />);
    expect(await screen.findByRole('heading', { name: 'Itens da minha coleção' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Editar coleção' })).toHaveAttribute('href', '/lists/edit/c1');
    expect(screen.getByRole('link', { name: 'Adicionar item' })).toHaveAttribute(
      'href',
      '/lists/c1/items/create',
    );
    expect(screen.getByRole('button', { name: 'Reordenar Bacurau' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Nota 4,5 de 5' })).toBeInTheDocument();
    expect(screen.getByText('seguidores').parentElement).toHaveTextContent('3 seguidores');
    expect(screen.getByText('05/03/2026')).toBeInTheDocument();
  });

  it('is read-only for another signed-in user', async () => {
    storeSession('u2');
    stubFetch({ status: 200, body: { data: collection } });
    renderWithProviders(<CollectionView collectionId="c1" />);
    expect(await screen.findByRole('heading', { name: 'Itens da coleção' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Editar coleção' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Reordenar/ })).toBeNull();
    expect(screen.queryByRole('link', { name: /^Editar / })).toBeNull();
    expect(screen.getByRole('button', { name: 'Salvar em minhas coleções' })).toBeInTheDocument();
  });

  it("says 'Nenhum registro encontrado.' for an empty list", async () => {
    storeSession('u1');
    stubFetch({ status: 200, body: { data: { ...collection, items_count: 0, collection_items: [] } } });
    renderWithProviders(<CollectionView collectionId="c1" />);
    expect(await screen.findByText('Nenhum registro encontrado.')).toBeInTheDocument();
  });
});

describe('groupByCategory', () => {
  it('makes one tab per category, sorted by category name', () => {
    const make = (id: string, category: string) => ({
      ...collection,
      id,
      category_id: category,
      category_name: category,
    });
    const groups = groupByCategory([
      make('a', 'Séries'),
      make('b', 'Álbuns'),
      make('c', 'Séries'),
      make('d', 'Filmes'),
    ]);
    expect(groups.map((g) => [g.name, g.collections.length])).toEqual([
      ['Álbuns', 1],
      ['Filmes', 1],
      ['Séries', 2],
    ]);
  });
});
