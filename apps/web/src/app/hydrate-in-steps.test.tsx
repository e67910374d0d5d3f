import { render, screen, waitFor } from '@testing-library/react';
import { useEffect, type ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { AfterHydrationSteps, HydrationStep, holdHydrationSteps } from './hydrate-in-steps';

/** Notes in `drawn` when it is drawn. */
function Part({ name, drawn, children }: { name: string; drawn: string[]; children: ReactNode }) {
  useEffect(() => {
    drawn.push(name);
  }, [name, drawn]);
  return children;
}

/** The layout's shape: three one-element parts and what draws nothing on a visitor's first page. */
function Layout({ drawn }: { drawn: string[] }) {
  return (
    <div>
      <HydrationStep step="header">
        <Part name="header" drawn={drawn}>
          <nav>cabeçalho</nav>
        </Part>
      </HydrationStep>
      <HydrationStep step="page">
        <Part name="page" drawn={drawn}>
          <main>página</main>
        </Part>
      </HydrationStep>
      <HydrationStep step="footer">
        <Part name="footer" drawn={drawn}>
          <footer>rodapé</footer>
        </Part>
      </HydrationStep>
      <AfterHydrationSteps>
        <Part name="after" drawn={drawn}>
          <p>aviso</p>
        </Part>
      </AfterHydrationSteps>
    </div>
  );
}

describe('HydrationStep', () => {
  it('renders its children at once when no prerendered page is hydrating', () => {
    const drawn: string[] = [];
    render(<Layout drawn={drawn} />);
    expect(screen.getByRole('navigation')).toHaveTextContent('cabeçalho');
    expect(screen.getByRole('main')).toHaveTextContent('página');
    expect(screen.getByRole('contentinfo')).toHaveTextContent('rodapé');
    expect(screen.getByText('aviso')).toBeInTheDocument();
    expect(drawn).toEqual(['header', 'page', 'footer', 'after']);
  });

  it('while held, draws the parts only once they are released, and what draws nothing after them', async () => {
    const drawn: string[] = [];
    const release = holdHydrationSteps();
    render(<Layout drawn={drawn} />);
    // Outside Preact's hydration there is no server markup to keep: nothing of the parts yet.
    expect(screen.queryByRole('main')).not.toBeInTheDocument();
    expect(screen.queryByText('aviso')).not.toBeInTheDocument();
    await release();
    await waitFor(() => expect(screen.getByRole('main')).toHaveTextContent('página'));
    await waitFor(() => expect(screen.getByText('aviso')).toBeInTheDocument());
    expect(screen.getByRole('navigation')).toHaveTextContent('cabeçalho');
    expect(screen.getByRole('contentinfo')).toHaveTextContent('rodapé');
    expect([...drawn].sort()).toEqual(['after', 'footer', 'header', 'page']);

    // Released once: a layout mounted afterwards renders at once, as in the first test.
    const later: string[] = [];
    render(<Layout drawn={later} />);
    expect(later).toEqual(['header', 'page', 'footer', 'after']);
  });
});
