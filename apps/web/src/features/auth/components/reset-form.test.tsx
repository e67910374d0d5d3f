import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders, stubFetch } from '../../../testing/render';
import { ResetForm } from './reset-form';

const TOKEN = 'k3Q9x_Jm2b8VvYtR1nLw-0pZcE4sHfUaD7gOiK5yXqM';

async function fill(user: ReturnType<typeof renderWithProviders>['user'], password = 'NovaSenha2026') {
  await user.type(screen.getByLabelText('Nova senha'), password);
  await user.type(screen.getByLabelText('Confirme a nova senha'), password);
  await user.click(screen.getByRole('button', { name: 'Salvar nova senha' }));
}

describe('ResetForm', () => {
  it('sends the token with the new password and leads to the login', async () => {
    const calls = stubFetch({ status: 200, body: { data: { reset: true } } });
    const { user } = renderWithProviders(<ResetForm token={TOKEN} />);
    await fill(user);
    expect(await screen.findByRole('status')).toHaveTextContent('Senha redefinida. Entre com a nova senha.');
    expect(calls[0]?.url).toBe('/api/v1/password/reset');
    expect(JSON.parse(String(calls[0]?.init?.body))).toEqual({
      token: TOKEN,
      password: 'NovaSenha2026',
      password_confirmation: 'NovaSenha2026',
    });
    expect(screen.getByRole('link', { name: 'Entrar' })).toHaveAttribute('href', '/login');
  });

  it('offers a new link when this one is used up or expired', async () => {
    stubFetch({ status: 400, body: { error: { code: 'RESET_TOKEN_INVALID', message: 'x' } } });
    const { user } = renderWithProviders(<ResetForm token={TOKEN} />);
    await fill(user);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Este link de redefinição de senha é inválido ou expirou. Peça um novo.',
    );
    expect(screen.getByRole('link', { name: 'Pedir um novo link' })).toHaveAttribute('href', '/recover');
  });

  it('treats a link cut short as a dead link without calling the API', async () => {
    const calls = stubFetch();
    const { user } = renderWithProviders(<ResetForm token="abc" />);
    await fill(user);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Este link de redefinição de senha é inválido ou expirou. Peça um novo.',
    );
    expect(calls).toHaveLength(0);
  });
});
