import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { renderWithProviders } from '../../../testing/render';
import { RecoverForm } from './recover-form';

describe('RecoverForm', () => {
  it("requires the e-mail with 'Informe seu e-mail.'", async () => {
    const { user } = renderWithProviders(<RecoverForm />);
    await user.click(screen.getByRole('button', { name: 'Redefinir senha' }));
    expect(await screen.findByText('Informe seu e-mail.')).toBeInTheDocument();
    expect(screen.getByLabelText('E-mail')).toBeInvalid();
    expect(screen.getByLabelText('E-mail')).toHaveAccessibleDescription('Informe seu e-mail.');
    expect(screen.getByLabelText('E-mail')).toHaveFocus();
  });

  it('words the same contract rule in English for English readers', async () => {
    await i18n.changeLanguage('en');
    try {
      const { user } = renderWithProviders(<RecoverForm />);
      await user.type(screen.getByLabelText('E-mail'), 'ana@');
      await user.click(screen.getByRole('button', { name: 'Reset password' }));
      expect(screen.getByLabelText('E-mail')).toHaveAccessibleDescription('Enter your e-mail.');
    } finally {
      await i18n.changeLanguage('pt');
    }
  });

  it('says honestly that reset by e-mail is not available yet and where to write', async () => {
    const { user } = renderWithProviders(<RecoverForm />);
    await user.type(screen.getByLabelText('E-mail'), 'ana@example.com');
    await user.click(screen.getByRole('button', { name: 'Redefinir senha' }));
    expect(await screen.findByRole('status')).toHaveTextContent('contato@acervo.app');
    expect(screen.getByRole('link', { name: 'Voltar para o login' })).toHaveAttribute('href', '/login');
  });
});
