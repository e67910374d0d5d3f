import { screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../testing/render';
import { RatingInput } from './rating-input';
import { RatingStars, starFills } from './rating-stars';

describe('RatingStars', () => {
  it('shows whole stars and a half star for exactly .5', () => {
    expect(starFills(3.5)).toEqual(['full', 'full', 'full', 'half', 'empty']);
    expect(starFills(5)).toEqual(['full', 'full', 'full', 'full', 'full']);
    expect(starFills(0.5)).toEqual(['half', 'empty', 'empty', 'empty', 'empty']);
  });

  it('is labelled with the rating, and shows nothing outside 0.5..5', () => {
    const { container } = renderWithProviders(
      <>
        <RatingStars rating={4.5} />
        <RatingStars rating={null} />
        <RatingStars rating={0} />
      </>,
    );
    expect(screen.getByRole('img', { name: 'Nota 4,5 de 5' })).toBeInTheDocument();
    expect(container.querySelectorAll('.rating-stars')).toHaveLength(1);
  });
});

function Harness({ initial }: { initial: number | null }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <RatingInput value={value} onChange={setValue} />
      <output data-testid="value">{String(value)}</output>
    </>
  );
}

describe('RatingInput', () => {
  it('changes in half steps with the arrow keys and can be cleared', async () => {
    const { user } = renderWithProviders(<Harness initial={3} />);
    expect(screen.getByRole('radio', { name: '3 estrelas' })).toBeChecked();
    await user.click(screen.getByRole('radio', { name: '3 estrelas' }));
    await user.keyboard('{ArrowRight}');
    expect(screen.getByTestId('value')).toHaveTextContent('3.5');
    expect(screen.getByRole('radio', { name: '3,5 estrelas' })).toBeChecked();
    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(screen.getByTestId('value')).toHaveTextContent('2.5');
    await user.click(screen.getByRole('button', { name: 'Limpar nota' }));
    expect(screen.getByTestId('value')).toHaveTextContent('null');
    expect(screen.getByText('Sem nota')).toBeInTheDocument();
  });

  it('offers ten options from half a star to five', () => {
    renderWithProviders(<Harness initial={null} />);
    expect(screen.getAllByRole('radio')).toHaveLength(10);
    expect(screen.getByRole('radio', { name: '0,5 estrela' })).not.toBeChecked();
    expect(screen.getByRole('radio', { name: '5 estrelas' })).toBeInTheDocument();
  });
});
