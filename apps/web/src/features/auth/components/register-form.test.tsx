import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders, stubFetch, testSession } from '../../../testing/render';
import { RegisterForm } from './register-form';

const RULE = 'A senha deve conter no mínimo 8 caracteres, com letras e números.';
async function fill(
  user: ReturnType<typeof renderWithProviders>['user'],
  password = 'colecao2024',
  confirm = password,
) {
  await user.type(screen.getByLabelText('Nome completo'), 'Ana');
  await user.type(screen.getByLabelText('E-mail'), 'ana@example.com');
  await user.type(screen.getByLabelText('Senha'), password);
  await user.type(screen.getByLabelText('Confirme a senha'), confirm);
}

describe('RegisterForm', () => {
  it('blocks an empty submit and shows every field message in the validated style', async () => {
    const calls = stubFetch();
    const { user } = renderWithProviders(<RegisterForm />);
    await user.click(screen.getByRole('button', { name: 'Criar conta' }));

    expect(await screen.findByText('Informe o seu nome completo')).toBeInTheDocument();
    expect(screen.getByText('Informe o seu e-mail.')).toBeInTheDocument();
    expect(screen.getByText(RULE)).toBeInTheDocument();
    expect(screen.getByText('As senhas não coincidem.')).toBeInTheDocument();
    expect(screen.getByLabelText('Nome completo')).toBeRequired();
    expect(screen.getByLabelText('E-mail')).toHaveAttribute('type', 'email');
    expect(screen.getByLabelText('Nome completo')).toBeInvalid();
    expect(screen.getByLabelText('Nome completo')).toHaveFocus();
    expect(screen.getByLabelText('Confirme a senha')).toHaveAccessibleDescription('As senhas não coincidem.');
    expect(calls).toHaveLength(0);
  });

  it('checks the password rule on each change, before any submit', async () => {
    const { user } = renderWithProviders(<RegisterForm />);
    const password = screen.getByLabelText('Senha');
    await user.type(password, 'abcdefgh');
    expect(screen.getByText(RULE)).toBeVisible();
    expect(password).toHaveClass('is-invalid');
    await user.type(password, '1');
    await waitFor(() => expect(password).not.toHaveClass('is-invalid'));
    expect(password).toBeValid();
  });

  it('refuses a common password with its own message', async () => {
    const { user } = renderWithProviders(<RegisterForm />);
    await user.type(screen.getByLabelText('Senha'), 'password1');
    expect(await screen.findByText('Esta senha é muito comum. Escolha outra.')).toBeInTheDocument();
  });

  it('says the passwords do not match', async () => {
    const calls = stubFetch();
    const { user } = renderWithProviders(<RegisterForm />);
    await fill(user, 'colecao2024', 'colecao2025');
    await user.click(screen.getByRole('button', { name: 'Criar conta' }));
    expect(await screen.findByText('As senhas não coincidem.')).toBeInTheDocument();
    expect(screen.getByLabelText('Confirme a senha')).toBeInvalid();
    expect(calls).toHaveLength(0);
  });

  it('returns to the invite link that asked for the account', async () => {
    stubFetch({ status: 201, body: { data: testSession } });
    const { user, router } = renderWithProviders(<RegisterForm />, { at: '/?next=%2Finvite%2Fabc123' });
    expect(screen.getByRole('link', { name: 'Entrar' })).toHaveAttribute(
      'href',
      '/login?next=%2Finvite%2Fabc123',
    );
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Criar conta' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/invite/abc123'));
  });

  it('signs in with the returned session and goes to /onboarding', async () => {
    const calls = stubFetch({ status: 201, body: { data: testSession } });
    const { user, router } = renderWithProviders(<RegisterForm />);
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Criar conta' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/onboarding'));
    expect(calls[0]?.url).toBe('/api/v1/registration');
    expect(JSON.parse(String(calls[0]?.init?.body))).toEqual({
      name: 'Ana',
      email: 'ana@example.com',
      password: 'colecao2024',
      password_confirmation: 'colecao2024',
      locale: 'pt',
    });
    expect(localStorage.getItem('token')).toBe('tok');
    expect(localStorage.getItem('user_picture')).toBe('false');
  });

  it.each([
    [
      { status: 409, body: { error: { code: 'EMAIL_TAKEN', message: 'x' } } },
      'E-mail já cadastrado. Por favor, verifique e tente novamente.',
    ],
    [
      { status: 500, body: { error: { code: 'INTERNAL', message: 'x' } } },
      'Ocorreu um problema inesperado. Por favor, tente novamente ou entre em contato com o suporte se o erro persistir. (R01)',
    ],
    [{ status: 201, body: {} }, 'Não foi possível criar a sua conta. Por favor, tente novamente.'],
  ])('shows the spec text for %j', async (response, text) => {
    stubFetch(response);
    const { user } = renderWithProviders(<RegisterForm />);
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Criar conta' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
    expect(screen.getByRole('button', { name: 'Criar conta' })).toBeEnabled();
  });

  it("shows 'Carregando...' on a disabled button while the call is in flight", async () => {
    let release: (r: Response) => void = () => {};
    globalThis.fetch = (() => new Promise<Response>((resolve) => (release = resolve))) as typeof fetch;
    const { user } = renderWithProviders(<RegisterForm />);
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Criar conta' }));
    const busy = await screen.findByRole('button', { name: 'Carregando...' });
    expect(busy).toBeDisabled();
    release(new Response(JSON.stringify({ error: { code: 'EMAIL_TAKEN', message: 'x' } }), { status: 409 }));
    expect(await screen.findByRole('button', { name: 'Criar conta' })).toBeEnabled();
  });
});
