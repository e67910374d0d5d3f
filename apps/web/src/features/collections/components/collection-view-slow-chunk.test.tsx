import { screen, waitFor } from '@testing-library/react';
import { expect, it, vi } from 'vitest';
import { renderWithProviders, stubFetch } from '../../../testing/render';
import { aCollection, storeSession } from '../../../testing/fixtures';
import { CollectionView } from './collection-view';

// Reordering's chunk (dnd-kit), held back as on a slow network until the test lets it through. A
// file of its own: once loaded, a module stays loaded for the file's other tests.
const chunk = vi.hoisted(() => {
  let arrive!: () => void;
  const arrived = new Promise<void>((resolve) => (arrive = resolve));
  return { arrived, arrive };
});
vi.mock('./sortable-items', async (importOriginal) => {
  await chunk.arrived;
  return importOriginal();
});

it('shows an editor no list before reordering has arrived, so none is swapped while they are in it', async () => {
  storeSession('u1');
  const collection = aCollection({
    name: 'Filmes lentos',
    items_count: 1,
    collection_items: [
      {
        id: 'i1',
        collection_id: 'c1',
        name: 'Bacurau',
        description: '',
        rating: null,
        year: null,
        source_url: null,
        position: 0,
        image: null,
      },
    ],
  });
  stubFetch({ status: 200, body: { data: collection } });
  renderWithProviders(<CollectionView collectionId={collection.id} />);
  // The collection has arrived (its name is the page's title); the chunk has not.
  await waitFor(() => expect(document.title).toContain('Filmes lentos'));
  expect(screen.queryByRole('link', { name: 'Editar Bacurau' })).toBeNull();

  chunk.arrive();
  // The list comes sortable from its first showing.
  expect(await screen.findByRole('link', { name: 'Editar Bacurau' })).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Reordenar Bacurau' })).toBeInTheDocument();
});
