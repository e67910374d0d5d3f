import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../testing/render';
import { AlsoIn } from './also-in';

const collection = (n: number) => ({
  id: `c${n}`,
  name: `Coleção ${n}`,
  owner: { id: `u${n}`, name: `Pessoa ${n}` },
});

describe('AlsoIn', () => {
  it('names where else the work is, links each collection and its owner, and counts the rest', () => {
    renderWithProviders(
      <AlsoIn
        item={{
          also_in: { count: 14, collections: Array.from({ length: 12 }, (_, i) => collection(i + 1)) },
          ratings_across: { average: 4.25, count: 9 },
        }}
      />,
    );
    const section = screen.getByRole('region', { name: 'Também em 14 coleções' });
    expect(within(section).getByRole('link', { name: 'Coleção 3' })).toHaveAttribute('href', '/lists/c3');
    expect(within(section).getByRole('link', { name: 'Pessoa 3' })).toHaveAttribute('href', '/profile/u3');
    expect(section).toHaveTextContent('e mais 2 coleções');
    expect(section).toHaveTextContent('Nota média no Acervo: 4,25 de 5, de 9 pessoas.');
  });

  it('says one collection in the singular and leaves out an average of one rating', () => {
    renderWithProviders(
      <AlsoIn
        item={{
          also_in: { count: 1, collections: [collection(1)] },
          ratings_across: { average: 5, count: 1 },
        }}
      />,
    );
    expect(screen.getByRole('heading', { name: 'Também em 1 coleção' })).toBeInTheDocument();
    expect(screen.queryByTestId('ratings-across')).not.toBeInTheDocument();
  });

  it('shows nothing for a work found nowhere else, or a copy of the page without the answer', () => {
    const nowhere = renderWithProviders(
      <AlsoIn item={{ also_in: { count: 0, collections: [] }, ratings_across: null }} />,
    );
    expect(nowhere.container).toBeEmptyDOMElement();
    nowhere.unmount();
    expect(renderWithProviders(<AlsoIn item={{}} />).container).toBeEmptyDOMElement();
  });
});
