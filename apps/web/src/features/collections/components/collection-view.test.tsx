import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { gate, renderWithProviders, stubFetch, testQueryClient } from '../../../testing/render';
import { aCollection, storeSession } from '../../../testing/fixtures';
import { CollectionView } from './collection-view';
import { groupByCategory } from './user-collections';

// Editors get reordering as a chunk of its own (decision 031): loaded once here, before the tests,
// so that a slow first transform does not count against the waits below.
beforeAll(() => import('./sortable-items'));

const collection = aCollection({
  description: 'Os melhores.',
  followers: 3,
  likes: 7,
  items_count: 2,
  collection_items: [
    {
      id: 'i1',
      collection_id: 'c1',
      name: 'Bacurau',
      description: 'Faroeste.',
      rating: 4.5,
      year: null,
      source_url: null,
      position: 0,
      image: null,
    },
    {
      id: 'i2',
      collection_id: 'c1',
      name: 'Central do Brasil',
      description: '',
      rating: null,
      year: null,
      source_url: null,
      position: 1,
      image: null,
    },
  ],
});

describe('CollectionView', () => {
  it('shows an anonymous visitor a public collection read-only, with a call to sign up', async () => {
    const calls = stubFetch({ status: 200, body: { data: collection } });
    renderWithProviders(<CollectionView collectionId="c1" />, { path: '/lists/:id', at: '/lists/c1' });
    expect(await screen.findByRole('heading', { name: 'Itens da coleção' })).toBeInTheDocument();
    expect(calls[0]?.init?.headers).not.toHaveProperty('authorization');
    expect(screen.getByRole('link', { name: 'Bacurau' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Editar coleção' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Adicionar item' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Reordenar/ })).toBeNull();
    expect(screen.getByRole('heading', { name: 'Gostou desta coleção?' })).toBeInTheDocument();
    // Signing up from the shared collection comes back to it.
    expect(screen.getByRole('link', { name: 'Quero criar minha conta' })).toHaveAttribute(
      'href',
      '/register?next=%2Flists%2Fc1',
    );
    expect(screen.getByRole('button', { name: 'Compartilhar' })).toBeInTheDocument();
  });

  /** The element the server writes into a shared page for visitors (decision 031). */
  const serverCopy = (data: unknown) => {
    const element = document.createElement('script');
    element.type = 'application/json';
    element.id = 'share-data';
    element.textContent = JSON.stringify(data);
    document.body.append(element);
  };

  it('draws a visitor the server’s copy in the page at once, then shows the refreshed answer', async () => {
    serverCopy({ collection: { ...collection, name: 'Filmes de ontem' } });
    const refresh = gate();
    const calls = stubFetch({ status: 200, body: { data: collection }, gate: refresh.promise });
    renderWithProviders(<CollectionView collectionId="c1" />, { path: '/lists/:id', at: '/lists/c1' });
    // No waiting: the first render has it, while the refresh is still out.
    expect(screen.getByRole('heading', { level: 1, name: 'Filmes de ontem' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Bacurau' })).toBeInTheDocument();
    expect(calls.map((call) => call.url)).toEqual(['/api/v1/collection/c1']);
    refresh.open();
    expect(await screen.findByRole('heading', { level: 1, name: collection.name })).toBeInTheDocument();
    expect(document.getElementById('share-data')).toBeNull();
  });

  it('keeps the server’s copy on screen when the refresh fails for want of a network', async () => {
    serverCopy({ collection });
    stubFetch(new TypeError('Failed to fetch'));
    const client = testQueryClient();
    renderWithProviders(<CollectionView collectionId="c1" />, {
      path: '/lists/:id',
      at: '/lists/c1',
      client,
    });
    await vi.waitFor(() => expect(client.getQueryState(['collection', 'c1'])?.status).toBe('error'));
    expect(screen.getByRole('heading', { level: 1, name: collection.name })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Bacurau' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('does not draw a signed-in reader the visitor’s copy: their role and likes are their own', async () => {
    storeSession('u1');
    serverCopy({ collection: { ...collection, name: 'Filmes de ontem' } });
    stubFetch({ status: 200, body: { data: { ...collection, liked_by_me: true } } });
    renderWithProviders(<CollectionView collectionId="c1" />, { path: '/lists/:id', at: '/lists/c1' });
    expect(screen.queryByRole('heading', { level: 1, name: 'Filmes de ontem' })).toBeNull();
    expect(await screen.findByRole('link', { name: 'Editar coleção' })).toBeInTheDocument();
    expect(screen.queryByText('Filmes de ontem')).toBeNull();
  });

  it('shows an anonymous visitor only the prompt where the collection is private or missing', async () => {
    stubFetch({ status: 404, body: { error: { code: 'NOT_FOUND', message: 'Coleção não encontrada.' } } });
    renderWithProviders(<CollectionView collectionId="c1" />, { path: '/lists/:id', at: '/lists/c1' });
    expect(await screen.findByText('Para visualizar esta lista, entre com a sua conta.')).toBeInTheDocument();
    // Registering brings the visitor back to the list.
    expect(screen.getByRole('link', { name: 'Quero criar minha conta' })).toHaveAttribute(
      'href',
      '/register?next=%2Flists%2Fc1',
    );
    expect(screen.queryByRole('button', { name: 'Compartilhar' })).toBeNull();
  });

  it('copies the short link where the browser cannot share, and says so', async () => {
    storeSession('u2');
    stubFetch({ status: 200, body: { data: collection } });
    const { user } = renderWithProviders(<CollectionView collectionId="c1" />);
    await user.click(await screen.findByRole('button', { name: 'Compartilhar' }));
    expect(await screen.findByText('Link copiado.')).toBeVisible();
    expect(await navigator.clipboard.readText()).toBe(`${window.location.origin}/c/c1`);
  });

  it('opens the share sheet where the browser has one', async () => {
    storeSession('u2');
    stubFetch({ status: 200, body: { data: collection } });
    const share = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'share', { value: share, configurable: true });
    renderWithProviders(<CollectionView collectionId="c1" />);
    fireEvent.click(await screen.findByRole('button', { name: 'Compartilhar' }));
    await vi.waitFor(() =>
      expect(share).toHaveBeenCalledWith({ title: collection.name, url: `${window.location.origin}/c/c1` }),
    );
    delete (navigator as { share?: unknown }).share;
  });

  it('offers no share button on a private collection', async () => {
    storeSession('u1');
    stubFetch({ status: 200, body: { data: { ...collection, private: true } } });
    renderWithProviders(<CollectionView collectionId="c1" />);
    expect(await screen.findByRole('heading', { name: 'Itens da minha coleção' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Compartilhar' })).toBeNull();
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
    expect(await screen.findByRole('button', { name: 'Reordenar Bacurau' })).toBeInTheDocument();
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
    expect(screen.queryByRole('link', { name: 'Adicionar item' })).toBeNull();
  });

  it('lets an editor add, edit and reorder items, but not edit the collection', async () => {
    storeSession('u2');
    stubFetch({ status: 200, body: { data: { ...collection, my_role: 'editor' } } });
    renderWithProviders(<CollectionView collectionId="c1" />);
    expect(await screen.findByRole('heading', { name: 'Itens da coleção' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Adicionar item' })).toHaveAttribute(
      'href',
      '/lists/c1/items/create',
    );
    expect(screen.getByRole('link', { name: 'Editar Bacurau' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Reordenar Bacurau' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Editar coleção' })).toBeNull();
  });

  it("credits a copy to the person it was saved from ('salva de')", async () => {
    storeSession('u1');
    const savedFrom = { id: 'c0', name: 'Original', user_id: 'u9', user_name: 'Bruno Lima' };
    stubFetch({ status: 200, body: { data: { ...collection, saved_from: savedFrom } } });
    renderWithProviders(<CollectionView collectionId="c1" />);
    const credit = await screen.findByText('salva de', { exact: false });
    expect(credit).toHaveTextContent('salva de Bruno Lima · ver a original');
    expect(screen.getByRole('link', { name: 'Bruno Lima' })).toHaveAttribute('href', '/profile/u9');
    expect(screen.getByRole('link', { name: 'ver a original' })).toHaveAttribute('href', '/lists/c0');
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

  it("loads the items past the first page with 'Carregar mais' (issue 14)", async () => {
    storeSession('u2');
    const item = (n: number) => ({
      id: `i${n}`,
      collection_id: 'c1',
      name: `Filme ${n}`,
      description: '',
      rating: null,
      year: null,
      source_url: null,
      position: n,
    });
    const calls = stubFetch(
      {
        status: 200,
        body: { data: { ...collection, collection_items: [item(1)], items_next_cursor: 'p2' } },
      },
      { status: 200, body: { data: [item(2)], next_cursor: 'p3' } },
      { status: 200, body: { data: [item(3)], next_cursor: null } },
    );
    renderWithProviders(<CollectionView collectionId="c1" />);
    expect(await screen.findByText('Filme 1')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Carregar mais' }));
    expect(await screen.findByText('Filme 2')).toBeInTheDocument();
    expect(calls[1]!.url).toContain('/collection/c1/items?cursor=p2');
    await userEvent.click(await screen.findByRole('button', { name: 'Carregar mais' }));
    expect(await screen.findByText('Filme 3')).toBeInTheDocument();
    expect(calls[2]!.url).toContain('cursor=p3');
    expect(screen.getByText('Filme 1')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Carregar mais' })).toBeNull();
  });
});
