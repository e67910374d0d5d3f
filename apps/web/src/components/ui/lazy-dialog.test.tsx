import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { lazyDialog } from './lazy-dialog';

type Props = { show: boolean; title: string };

function Dialog({ show, title }: Props) {
  return show ? <div role="dialog" aria-label={title} /> : null;
}

describe('lazyDialog', () => {
  it('fetches nothing until the first open, says it is loading, then shows the dialog', async () => {
    let loads = 0;
    let arrive: (dialog: typeof Dialog) => void = () => {};
    const Lazy = lazyDialog<Props>(() => {
      loads += 1;
      return new Promise((resolve) => (arrive = resolve));
    });

    const { rerender } = render(<Lazy show={false} title="Notificações" />);
    expect(loads).toBe(0);
    expect(screen.queryByRole('status')).toBeNull();

    rerender(<Lazy show title="Notificações" />);
    expect(await screen.findByRole('status')).toHaveTextContent('Carregando...');
    expect(loads).toBe(1);

    arrive(Dialog);
    expect(await screen.findByRole('dialog', { name: 'Notificações' })).toBeInTheDocument();
    expect(screen.queryByRole('status')).toBeNull();

    // Closed and opened again: the code is already there.
    rerender(<Lazy show={false} title="Notificações" />);
    expect(screen.queryByRole('dialog')).toBeNull();
    rerender(<Lazy show title="Notificações" />);
    expect(screen.getByRole('dialog', { name: 'Notificações' })).toBeInTheDocument();
    expect(loads).toBe(1);
  });
});
