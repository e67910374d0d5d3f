import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders, stubFetch, testSession } from '../../../testing/render';
import { LoginForm } from './login-form';

async function fill(user: ReturnType<typeof renderWithProviders>['user'], password = 'colecao2024') {
  await user.type(screen.getByLabelText('E-mail'), 'Ana@Example.com ');
  await user.type(screen.getByLabelText('Senha'), password);
}

describe('LoginForm', () => {
  it('requires e-mail and password with the login texts', async () => {
    const calls = stubFetch();
    const { user } = renderWithProviders(<LoginForm />);
    await user.click(screen.getByRole('button', { name: 'Entrar' }));
    expect(await screen.findByText('Informe seu e-mail.')).toBeInTheDocument();
    expect(screen.getByText('Informe sua senha.')).toBeInTheDocument();
    // The first invalid field takes the focus and reads its message out.
    const email = screen.getByLabelText('E-mail');
    expect(email).toBeInvalid();
    expect(email).toHaveAccessibleDescription('Informe seu e-mail.');
    expect(email).toHaveFocus();
    expect(screen.getByLabelText('Senha')).toHaveAccessibleDescription('Informe sua senha.');
    expect(calls).toHaveLength(0);
  });

  it('rejects a malformed e-mail', async () => {
    const { user } = renderWithProviders(<LoginForm />);
    await user.type(screen.getByLabelText('E-mail'), 'ana@');
    await user.type(screen.getByLabelText('Senha'), 'x');
    await user.click(screen.getByRole('button', { name: 'Entrar' }));
    expect(await screen.findByText('Informe seu e-mail.')).toBeInTheDocument();
    expect(screen.getByLabelText('E-mail')).toBeInvalid();
  });

  it('shows the password rule while typing, as a hint that does not block', async () => {
    const { user } = renderWithProviders(<LoginForm />);
    await user.type(screen.getByLabelText('Senha'), 'abc');
    expect(
      screen.getByText('A senha deve conter no mínimo 8 caracteres, com letras e números.'),
    ).toBeVisible();
    await user.type(screen.getByLabelText('Senha'), 'defg1');
    expect(
      screen.queryByText('A senha deve conter no mínimo 8 caracteres, com letras e números.'),
    ).toBeNull();
  });

  it('returns to the page that asked for the sign-in (an invite link), never to another site', async () => {
    stubFetch({ status: 200, body: { data: testSession } });
    const { user, router } = renderWithProviders(<LoginForm />, { at: '/?next=%2Finvite%2Fabc123' });
    // Registering instead keeps the way back.
    expect(screen.getByRole('link', { name: 'Cadastre-se' })).toHaveAttribute(
      'href',
      '/register?next=%2Finvite%2Fabc123',
    );
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Entrar' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/invite/abc123'));
  });

  it('ignores a return address on another site and goes to /profile', async () => {
    stubFetch({ status: 200, body: { data: testSession } });
    const { user, router } = renderWithProviders(<LoginForm />, { at: '/?next=%2F%2Fevil.example' });
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Entrar' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile'));
  });

  it('keeps a remembered session in localStorage and goes to /profile', async () => {
    const calls = stubFetch({ status: 200, body: { data: testSession } });
    const { user, router } = renderWithProviders(<LoginForm />);
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Entrar' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile'));
    expect(JSON.parse(String(calls[0]?.init?.body))).toEqual({
      user: { email: 'ana@example.com', password: 'colecao2024' },
    });
    expect(localStorage.getItem('token')).toBe('tok');
    expect(sessionStorage.getItem('token')).toBeNull();
  });

  it('keeps the photo the session answers as user_picture, with no other request', async () => {
    const calls = stubFetch({
      status: 200,
      body: { data: { ...testSession, user_picture: '/media/abc-512.webp' } },
    });
    const { user, router } = renderWithProviders(<LoginForm />);
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Entrar' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile'));
    expect(localStorage.getItem('user_picture')).toBe('/media/abc-512.webp');
    expect(calls).toHaveLength(1);
  });

  it("keeps the session only in sessionStorage when 'Lembrar' is unchecked", async () => {
    stubFetch({ status: 200, body: { data: testSession } });
    const { user, router } = renderWithProviders(<LoginForm />);
    await fill(user);
    await user.click(screen.getByLabelText('Lembrar'));
    await user.click(screen.getByRole('button', { name: 'Entrar' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile'));
    expect(localStorage.getItem('token')).toBeNull();
    expect(sessionStorage.getItem('token')).toBe('tok');
    expect(sessionStorage.getItem('user_picture')).toBe('false');
  });

  it.each([
    [
      { status: 401, body: { error: { code: 'INVALID_CREDENTIALS', message: 'x' } } },
      'Não foi possível realizar o login. Verique se os dados informados estão corretos e tente novamente.',
    ],
    [
      { status: 500, body: { error: { code: 'INTERNAL', message: 'x' } } },
      'Ocorreu um erro inesperado ao realizar o login. Por favor, tente novamente [AP-01]',
    ],
    [
      new TypeError('Failed to fetch'),
      'Ocorreu um problema inesperado. Por favor, tente novamente ou entre em contato com o suporte se o erro persistir. (S-03)',
    ],
    [
      { status: 429, body: { error: { code: 'RATE_LIMITED', message: 'x' } } },
      'Muitas tentativas. Aguarde um pouco e tente novamente.',
    ],
  ])('shows the spec text for %s', async (response, text) => {
    stubFetch(response);
    const { user } = renderWithProviders(<LoginForm />);
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Entrar' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
    expect(screen.getByRole('button', { name: 'Entrar' })).toBeEnabled();
  });
});
