import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders, signInTestSession, stubFetch, testSession } from '../../../testing/render';
import { SecurityForm } from './security-form';

describe('SecurityForm', () => {
  it('says, as the new password is typed, which rules it meets', async () => {
    signInTestSession();
    const { user } = renderWithProviders(<SecurityForm />);
    const password = screen.getByLabelText('Nova senha');
    expect(password).toHaveAccessibleDescription(/Força da senha: fraca/);

    await user.type(password, 'abc');
    expect(password).toHaveAccessibleDescription(/uma letra \(atendido\)/);
    expect(password).toHaveAccessibleDescription(/um número \(não atendido\)/);
    expect(password).toHaveAccessibleDescription(/pelo menos 8 caracteres \(não atendido\)/);

    await user.type(password, 'defgh1');
    expect(password).toHaveAccessibleDescription(/Força da senha: razoável/);
    expect(password).toHaveAccessibleDescription(/pelo menos 8 caracteres \(atendido\)/);

    await user.type(password, 'ijklmnopq');
    expect(password).toHaveAccessibleDescription(/Força da senha: forte/);
  });

  it('changes the password and says so', async () => {
    signInTestSession();
    const calls = stubFetch({ status: 200, body: { data: { changed: true } } });
    const { user } = renderWithProviders(<SecurityForm />);
    await user.type(screen.getByLabelText('Senha atual'), 'Antiga2024');
    await user.type(screen.getByLabelText('Nova senha'), 'NovaSenha2026');
    await user.type(screen.getByLabelText('Confirme a nova senha'), 'NovaSenha2026');
    await user.click(screen.getByRole('button', { name: 'Alterar senha' }));

    expect(await screen.findByRole('status')).toHaveTextContent(
      'Senha alterada. As outras sessões da sua conta foram encerradas.',
    );
    expect(calls[0]?.url).toBe(`/api/v1/user/${testSession.user_id}/password`);
    expect(calls[0]?.init?.method).toBe('PUT');
    expect(JSON.parse(String(calls[0]?.init?.body))).toEqual({
      old_password: 'Antiga2024',
      password: 'NovaSenha2026',
      password_confirmation: 'NovaSenha2026',
    });
    expect(screen.getByLabelText('Senha atual')).toHaveValue('');
  });

  it('shows a wrong current password under its field', async () => {
    signInTestSession();
    stubFetch({
      status: 400,
      body: {
        error: { code: 'VALIDATION_FAILED', message: 'x', fields: { old_password: 'oldPasswordWrong' } },
      },
    });
    const { user } = renderWithProviders(<SecurityForm />);
    await user.type(screen.getByLabelText('Senha atual'), 'Errada2024');
    await user.type(screen.getByLabelText('Nova senha'), 'NovaSenha2026');
    await user.type(screen.getByLabelText('Confirme a nova senha'), 'NovaSenha2026');
    await user.click(screen.getByRole('button', { name: 'Alterar senha' }));

    expect(await screen.findByText('A senha atual está incorreta.')).toBeInTheDocument();
    expect(screen.getByLabelText('Senha atual')).toHaveAccessibleDescription('A senha atual está incorreta.');
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('blocks a new password that breaks the rules before calling the API', async () => {
    signInTestSession();
    const calls = stubFetch();
    const { user } = renderWithProviders(<SecurityForm />);
    await user.type(screen.getByLabelText('Senha atual'), 'Antiga2024');
    await user.type(screen.getByLabelText('Nova senha'), 'semnumeros');
    await user.type(screen.getByLabelText('Confirme a nova senha'), 'semnumeros');
    await user.click(screen.getByRole('button', { name: 'Alterar senha' }));
    expect(
      await screen.findByText('A senha deve conter no mínimo 8 caracteres, com letras e números.'),
    ).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });
});
