import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { storeSession } from '../../../testing/fixtures';
import { renderWithProviders } from '../../../testing/render';
import { RecapInvite } from './recap-invite-slot';

afterEach(() => act(() => i18n.changeLanguage('pt')));

describe('the recap invitation', () => {
  it('invites to the year just gone in January, linking to the own recap', async () => {
    storeSession();
    renderWithProviders(<RecapInvite today={new Date(2027, 0, 20)} />);
    // Drawn with the page, not after it: arriving later, it pushed the page below it down.
    expect(screen.getByRole('heading', { name: 'Seu ano no Acervo 2026 está pronto' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ver meu ano' })).toHaveAttribute(
      'href',
      '/profile/u1/recap/2026',
    );
  });

  it('invites to the current year in December, in English too', async () => {
    storeSession();
    await act(() => i18n.changeLanguage('en'));
    renderWithProviders(<RecapInvite today={new Date(2026, 11, 3)} />);
    expect(
      await screen.findByRole('heading', { name: 'Your year on Acervo 2026 is ready' }),
    ).toBeInTheDocument();
  });

  it('says nothing out of season', () => {
    storeSession();
    const { container } = renderWithProviders(<RecapInvite today={new Date(2026, 10, 30)} />);
    expect(container).toBeEmptyDOMElement();
  });
});
