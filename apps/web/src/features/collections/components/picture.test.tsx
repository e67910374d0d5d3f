import type { Image } from '@acervo/contract/image';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { aCollection } from '../../../testing/fixtures';
import { renderWithProviders } from '../../../testing/render';
import { CollectionCard } from './collection-card';
import { CoverPicker } from './picture-field';

const image = (id: string): Image => ({
  url: `/media/i/${id}-400.jpg`,
  width: 400,
  height: 600,
  placeholder: '#336699',
  srcset: {
    webp: `/media/i/${id}-160.webp 160w, /media/i/${id}-400.webp 400w`,
    jpeg: `/media/i/${id}-160.jpg 160w, /media/i/${id}-400.jpg 400w`,
  },
});
const item = (id: string, picture: Image | null, position: number) => ({
  id,
  collection_id: 'c1',
  name: `Item ${id}`,
  description: '',
  rating: null,
  year: null,
  source_url: null,
  position,
  image: picture,
});

describe('CollectionCard covers', () => {
  it('shows the cover sized, lazy and over its placeholder colour, WebP first', () => {
    const { container } = renderWithProviders(
      <CollectionCard collection={aCollection({ cover: image('capa') })} />,
    );
    const img = container.querySelector('[data-testid="cover"] img')!;
    expect(img.getAttribute('src')).toBe('/media/i/capa-400.jpg');
    expect(img.getAttribute('width')).toBe('400');
    expect(img.getAttribute('height')).toBe('600');
    expect(img.getAttribute('loading')).toBe('lazy');
    expect((img as HTMLImageElement).style.backgroundColor).toBe('rgb(51, 102, 153)');
    expect(container.querySelector('source[type="image/webp"]')!.getAttribute('srcset')).toContain('160w');
  });

  it("without a cover shows the first items' pictures as a mosaic, and nothing without pictures", () => {
    const items = [item('a', image('a'), 1), item('b', null, 2), item('c', image('c'), 3)];
    const mosaic = renderWithProviders(
      <CollectionCard collection={aCollection({ collection_items: items, items_count: 3 })} />,
    );
    expect(mosaic.container.querySelectorAll('[data-testid="cover"] img')).toHaveLength(2);
    mosaic.unmount();
    const plain = renderWithProviders(
      <CollectionCard collection={aCollection({ collection_items: [item('b', null, 1)], items_count: 1 })} />,
    );
    expect(plain.container.querySelector('[data-testid="cover"]')).toBeNull();
  });
});

describe('CoverPicker', () => {
  it('offers the pictures of the items shown to everyone, not of one an operator hid', () => {
    const collection = aCollection({
      collection_items: [
        item('a', image('a'), 0),
        { ...item('b', image('b'), 1), hidden_reason: 'spam' },
        item('c', null, 2),
      ],
    });
    renderWithProviders(<CoverPicker collection={collection} />);
    expect(screen.getByRole('button', { name: /Item a/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Item b/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Item c/ })).toBeNull();
  });
});
