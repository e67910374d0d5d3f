import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { gate, renderWithProviders, stubFetch } from '../../../testing/render';
import { aCollection, storeSession } from '../../../testing/fixtures';
import { CollectionView } from './collection-view';

// Editors get reordering as a chunk of its own (decision 031): loaded once here, before the tests,
// so that a slow first transform does not count against the waits below.
beforeAll(() => import('./sortable-items'));

const item = (id: string, name: string, position: number) => ({
  id,
  collection_id: 'c1',
  name,
  description: '',
  rating: null,
  year: null,
  source_url: null,
  position,
  image: null,
});
const collection = (...items: ReturnType<typeof item>[]) =>
  aCollection({ name: 'Filmes', items_count: items.length, collection_items: items, my_role: 'owner' });
const bacurau = item('i1', 'Bacurau', 0);
const central = item('i2', 'Central do Brasil', 1);
const titles = () =>
  within(screen.getByRole('list'))
    .getAllByRole('heading')
    .map((h) => h.textContent);

describe('reordering items', () => {
  it('shows the new order at once, saves it and says so', async () => {
    storeSession();
    const held = gate();
    const calls = stubFetch(
      { status: 200, body: { data: collection(bacurau, central) } },
      {
        status: 200,
        body: { data: collection({ ...central, position: 0 }, { ...bacurau, position: 1 }) },
        gate: held.promise,
      },
    );
    const { user } = renderWithProviders(<CollectionView collectionId="c1" />);
    await user.click(await screen.findByRole('button', { name: 'Mover Central do Brasil para cima' }));
    // Before the server answers, the list already shows the new order.
    expect(titles()).toEqual(['Central do Brasil', 'Bacurau']);
    expect(calls[1]!.url).toBe('/api/v1/collection/c1/items/order');
    expect(calls[1]!.init?.method).toBe('PUT');
    expect(JSON.parse(String(calls[1]!.init?.body))).toEqual({
      item_ids: ['i2', 'i1'],
      previous_item_ids: ['i1', 'i2'],
    });
    held.open();
    expect(await screen.findByText('Nova ordem salva.')).toBeInTheDocument();
    expect(titles()).toEqual(['Central do Brasil', 'Bacurau']);
  });

  it('rolls back and explains when the items changed meanwhile (409), then shows the current order', async () => {
    storeSession();
    const novo = item('i3', 'Aquarius', 2);
    stubFetch(
      { status: 200, body: { data: collection(bacurau, central) } },
      {
        status: 409,
        body: {
          error: {
            code: 'ORDER_CONFLICT',
            message: 'Os itens da coleção mudaram.',
            current: ['i1', 'i2', 'i3'],
          },
        },
      },
      // The collection is fetched again: someone else added an item.
      { status: 200, body: { data: collection(bacurau, central, novo) } },
    );
    const { user } = renderWithProviders(<CollectionView collectionId="c1" />);
    await user.click(await screen.findByRole('button', { name: 'Mover Bacurau para baixo' }));
    expect(
      await screen.findByText('Os itens da coleção mudaram. Confira a ordem atual e tente de novo.'),
    ).toBeVisible();
    await waitFor(() => expect(titles()).toEqual(['Bacurau', 'Central do Brasil', 'Aquarius']));
  });

  it('puts the previous order back when the call fails', async () => {
    storeSession();
    stubFetch(
      { status: 200, body: { data: collection(bacurau, central) } },
      new TypeError('offline'),
      // Whether the server got it is unknown: the collection is fetched again.
      { status: 200, body: { data: collection(bacurau, central) } },
    );
    const { user } = renderWithProviders(<CollectionView collectionId="c1" />);
    await user.click(await screen.findByRole('button', { name: 'Mover Bacurau para baixo' }));
    expect(
      await screen.findByText(
        'Não foi possível salvar a nova ordem; a ordem anterior voltou. Por favor, tente novamente.',
      ),
    ).toBeVisible();
    expect(titles()).toEqual(['Bacurau', 'Central do Brasil']);
  });

  it('does nothing past the ends, keeping the button (and focus) in place', async () => {
    storeSession();
    const calls = stubFetch({ status: 200, body: { data: collection(bacurau, central) } });
    const { user } = renderWithProviders(<CollectionView collectionId="c1" />);
    const up = await screen.findByRole('button', { name: 'Mover Bacurau para cima' });
    expect(up).toHaveAttribute('aria-disabled', 'true');
    await user.click(up);
    expect(up).toHaveFocus();
    expect(calls).toHaveLength(1);
  });
});
