import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { renderWithProviders, stubFetch, stubRemoteConfig, testSession } from '../../../testing/render';
import { LoginForm } from './login-form';

/**
 * A stand-in for Google Identity Services (beyond our borders): it records what the page asks of
 * it and lets the test play Google's part by calling back with a credential.
 */
const google = {
  clientId: undefined as string | undefined,
  callback: undefined as ((response: { credential?: unknown }) => void) | undefined,
  rendered: 0,
};
const CREDENTIAL = 'eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl';

beforeEach(() => {
  window.google = {
    accounts: {
      id: {
        initialize: (options) => {
          google.clientId = options.client_id;
          google.callback = options.callback;
        },
        renderButton: () => {
          google.rendered += 1;
        },
      },
    },
  };
});
afterEach(() => {
  google.callback = undefined;
  stubRemoteConfig();
});

const enabled = { google_auth_enabled: true, google_client_id: 'acervo.apps.googleusercontent.com' };

async function renderSignedInByGoogle() {
  const view = renderWithProviders(<LoginForm />);
  expect(await screen.findByRole('group', { name: 'Login com Google' })).toBeInTheDocument();
  await waitFor(() => expect(google.callback).toBeDefined());
  return view;
}

describe("'Login com Google'", () => {
  it('is not shown, and Google is not asked for, while the flag is off', async () => {
    stubFetch();
    const rendered = google.rendered;
    renderWithProviders(<LoginForm />);
    expect(await screen.findByRole('button', { name: 'Entrar' })).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Login com Google' })).toBeNull();
    expect(google.rendered).toBe(rendered);
  });

  it("sends Google's credential to our API, untouched, and signs in with the session it answers", async () => {
    stubRemoteConfig(enabled);
    const calls = stubFetch({ status: 200, body: { data: testSession } });
    const { router } = await renderSignedInByGoogle();
    expect(google.clientId).toBe('acervo.apps.googleusercontent.com');
    act(() => google.callback!({ credential: CREDENTIAL }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile'));
    expect(calls[0]?.url).toBe('/api/v1/session/google');
    expect(JSON.parse(String(calls[0]?.init?.body))).toEqual({ credential: CREDENTIAL, locale: 'pt' });
    expect(localStorage.getItem('token')).toBe('tok');
  });

  it.each([
    [{ status: 401, body: { error: { code: 'GOOGLE_TOKEN_INVALID', message: 'x' } } }],
    [{ status: 409, body: { error: { code: 'GOOGLE_ACCOUNT_CONFLICT', message: 'x' } } }],
    [{ status: 503, body: { error: { code: 'GOOGLE_UNAVAILABLE', message: 'x' } } }],
    [new TypeError('Failed to fetch')],
  ])('shows the (G-01) text when the sign-in fails: %s', async (response) => {
    stubRemoteConfig(enabled);
    stubFetch(response);
    await renderSignedInByGoogle();
    act(() => google.callback!({ credential: CREDENTIAL }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Ocorreu um erro inesperado ao realizar o login. Por favor, tente novamente [G-01]',
    );
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('explains how to reclaim an address someone registered and never confirmed (409 GOOGLE_ACCOUNT_UNVERIFIED)', async () => {
    stubRemoteConfig(enabled);
    stubFetch({ status: 409, body: { error: { code: 'GOOGLE_ACCOUNT_UNVERIFIED', message: 'x' } } });
    await renderSignedInByGoogle();
    act(() => google.callback!({ credential: CREDENTIAL }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Já existe uma conta com este e-mail, mas ele ainda não foi confirmado. Para entrar com o Google, recupere a senha em "Esqueci minha senha" (o link enviado por e-mail confirma o endereço) e tente de novo.',
    );
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('shows the decoding-failure text, and calls nothing, when Google hands over no usable token', async () => {
    stubRemoteConfig(enabled);
    const calls = stubFetch();
    await renderSignedInByGoogle();
    act(() => google.callback!({}));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      /^Ocorreu um erro inesperado ao realizar o login\. Por favor, tente novamente\.$/,
    );
    expect(calls).toHaveLength(0);
  });
});
