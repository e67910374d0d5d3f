import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { renderWithProviders, stubFetch } from '../../../testing/render';
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

  it('asks the API for a link and says the same whether or not the account exists', async () => {
    const calls = stubFetch({ status: 202, body: { data: { requested: true } } });
    const { user } = renderWithProviders(<RecoverForm />);
    await user.type(screen.getByLabelText('E-mail'), ' Ana@Example.com');
    await user.click(screen.getByRole('button', { name: 'Redefinir senha' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Se houver uma conta com este e-mail, enviamos um link para redefinir a senha. Ele vale por 1 hora.',
    );
    expect(calls).toHaveLength(1);
    expect(calls[0]?.url).toBe('/api/v1/password/recovery');
    expect(JSON.parse(String(calls[0]?.init?.body))).toEqual({ email: 'ana@example.com' });
    expect(screen.getByRole('link', { name: 'Voltar para o login' })).toHaveAttribute('href', '/login');
  });

  it('says when there were too many requests', async () => {
    stubFetch({ status: 429, body: { error: { code: 'RATE_LIMITED', message: 'x' } } });
    const { user } = renderWithProviders(<RecoverForm />);
    await user.type(screen.getByLabelText('E-mail'), 'ana@example.com');
    await user.click(screen.getByRole('button', { name: 'Redefinir senha' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Muitas tentativas. Aguarde um pouco e tente novamente.',
    );
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });
});
