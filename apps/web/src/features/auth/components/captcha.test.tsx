import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { altchaChallengeUrl, altchaSays, altchaWidget, bodyOf } from '../../../testing/altcha';
import { renderWithProviders, stubFetch, stubRemoteConfig, testSession } from '../../../testing/render';
import { LoginForm } from './login-form';
import { RegisterForm } from './register-form';

const S01 = 'Por favor, complete o reCAPTCHA. (S-01)';
const refused = { status: 400, body: { error: { code: 'CAPTCHA_FAILED', message: S01 } } };

async function fillRegistration(user: ReturnType<typeof renderWithProviders>['user']) {
  await user.type(screen.getByLabelText('Nome completo'), 'Ana');
  await user.type(screen.getByLabelText('E-mail'), 'ana@example.com');
  await user.type(screen.getByLabelText('Senha'), 'colecao2024');
  await user.type(screen.getByLabelText('Confirme a senha'), 'colecao2024');
}

// The real ALTCHA widget is imported the first time a form shows it: more than the default 5 s on
// a busy machine.
describe('the captcha on the sign-in forms', { timeout: 20_000 }, () => {
  it('registration: stops with S-01 until solved, then sends the token and clears the alert', async () => {
    stubRemoteConfig({ captcha: { provider: 'altcha' } });
    const calls = stubFetch({ status: 201, body: { data: testSession } });
    const { user } = renderWithProviders(<RegisterForm />);
    await waitFor(() => expect(altchaWidget()).not.toBeNull());
    expect(altchaChallengeUrl(altchaWidget()!)).toBe('/api/v1/captcha/challenge');
    await fillRegistration(user);
    await user.click(screen.getByRole('button', { name: 'Criar conta' }));
    expect(await screen.findByText(S01)).toBeInTheDocument();
    expect(calls).toHaveLength(0);

    altchaSays('verified', 'payload-1');
    await waitFor(() => expect(screen.queryByText(S01)).toBeNull());
    await user.click(screen.getByRole('button', { name: 'Criar conta' }));
    expect(await screen.findByTestId('navigated')).toBeInTheDocument();
    expect(bodyOf(calls[0])).toMatchObject({ email: 'ana@example.com', captcha: 'payload-1' });
  });

  it('registration: an expired token is cleared and asked for again', async () => {
    stubRemoteConfig({ captcha: { provider: 'altcha' } });
    const calls = stubFetch();
    const { user } = renderWithProviders(<RegisterForm />);
    await waitFor(() => expect(altchaWidget()).not.toBeNull());
    await fillRegistration(user);
    altchaSays('verified', 'payload-1');
    altchaSays('expired');
    await user.click(screen.getByRole('button', { name: 'Criar conta' }));
    expect(await screen.findByText(S01)).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('registration: a token the server refuses shows S-01 and needs a new one', async () => {
    stubRemoteConfig({ captcha: { provider: 'altcha' } });
    const calls = stubFetch(refused);
    const { user } = renderWithProviders(<RegisterForm />);
    await waitFor(() => expect(altchaWidget()).not.toBeNull());
    await fillRegistration(user);
    altchaSays('verified', 'used-payload');
    await user.click(screen.getByRole('button', { name: 'Criar conta' }));
    expect(await screen.findByText(S01)).toBeInTheDocument();
    // The used token is gone: another submit stops before calling the API.
    await user.click(screen.getByRole('button', { name: 'Criar conta' }));
    expect(await screen.findByText(S01)).toBeInTheDocument();
    expect(calls).toHaveLength(1);
  });

  it('login: no captcha while the flag is off, even with a provider', async () => {
    stubRemoteConfig({ captcha: { provider: 'altcha' }, google_recaptcha_enabled: false });
    const calls = stubFetch({ status: 200, body: { data: testSession } });
    const { user } = renderWithProviders(<LoginForm />);
    await user.type(screen.getByLabelText('E-mail'), 'ana@example.com');
    await user.type(screen.getByLabelText('Senha'), 'colecao2024');
    await user.click(screen.getByRole('button', { name: 'Entrar' }));
    expect(await screen.findByTestId('navigated')).toBeInTheDocument();
    expect(altchaWidget()).toBeNull();
    expect(bodyOf(calls[0])).not.toHaveProperty('captcha');
  });

  it('login: with the flag on, stops with S-01 until solved', async () => {
    stubRemoteConfig({ captcha: { provider: 'altcha' }, google_recaptcha_enabled: true });
    const calls = stubFetch({ status: 200, body: { data: testSession } });
    const { user } = renderWithProviders(<LoginForm />);
    await waitFor(() => expect(altchaWidget()).not.toBeNull());
    await user.type(screen.getByLabelText('E-mail'), 'ana@example.com');
    await user.type(screen.getByLabelText('Senha'), 'colecao2024');
    await user.click(screen.getByRole('button', { name: 'Entrar' }));
    expect(await screen.findByText(S01)).toBeInTheDocument();
    altchaSays('verified', 'payload-2');
    await user.click(screen.getByRole('button', { name: 'Entrar' }));
    expect(await screen.findByTestId('navigated')).toBeInTheDocument();
    expect(bodyOf(calls[0])).toMatchObject({ captcha: 'payload-2' });
  });
});
