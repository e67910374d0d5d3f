import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { sessionUserFrom, writeStoredSession } from '../../../lib/session-storage';
import {
  gate,
  renderWithProviders,
  signInTestSession,
  stubFetch,
  testSession,
} from '../../../testing/render';
import { EmailReminder } from './email-reminder';
import { VerifyEmail } from './verify-email';

const account = (emailVerified: boolean) => ({
  id: 'u1',
  name: 'Ana',
  picture: null,
  total_collections: 0,
  total_followers: 0,
  total_likes: 0,
  total_following: 0,
  followed_by_me: false,
  email: 'ana@example.com',
  email_verified: emailVerified,
  alias_name: null,
  cellular: null,
  birthday: null,
  address: null,
  country: null,
  state: null,
  city: null,
  postal_code: null,
});

const unverified = { ...testSession, user_email_verified: false };
const error = (code: string) => ({ error: { code, message: code } });

describe('EmailReminder', () => {
  it('asks an unverified person to confirm, resends the mail and says so', async () => {
    writeStoredSession(sessionUserFrom(unverified), true);
    const calls = stubFetch(
      { status: 200, body: { data: account(false) } },
      { status: 202, body: { data: { sent: true } } },
    );
    const { user } = renderWithProviders(<EmailReminder />);
    expect(screen.getByText('Confirme seu e-mail para proteger sua conta.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Reenviar' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Reenviar' }));
    expect(
      await screen.findByText('Enviamos um novo e-mail de confirmação para ana@example.com.'),
    ).toBeInTheDocument();
    expect(calls[1]?.url).toBe('/api/v1/email/verification');
    expect(calls[1]?.init?.method).toBe('POST');
  });

  it('says so when the resend limit is reached', async () => {
    writeStoredSession(sessionUserFrom(unverified), true);
    stubFetch({ status: 200, body: { data: account(false) } }, { status: 429, body: error('RATE_LIMITED') });
    const { user } = renderWithProviders(<EmailReminder />);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Reenviar' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Reenviar' }));
    expect(
      await screen.findByText('Muitas tentativas. Aguarde um pouco e tente novamente.'),
    ).toBeInTheDocument();
  });

  it('shows from the first paint when the session says unverified, before the account answers', async () => {
    writeStoredSession(sessionUserFrom(unverified), true);
    const held = gate();
    stubFetch({ status: 200, body: { data: account(false) }, gate: held.promise });
    renderWithProviders(<EmailReminder />);
    expect(screen.getByText('Confirme seu e-mail para proteger sua conta.')).toBeInTheDocument();
    held.open();
  });

  it('goes away when the account says the e-mail was verified meanwhile (another device)', async () => {
    writeStoredSession(sessionUserFrom(unverified), true);
    stubFetch({ status: 200, body: { data: account(true) } });
    renderWithProviders(<EmailReminder />);
    await expect.poll(() => screen.queryByText('Confirme seu e-mail para proteger sua conta.')).toBeNull();
    expect(localStorage.getItem('user_email_verified')).toBe('true');
  });

  it('shows nothing, and asks nothing, once the session says the e-mail is verified', async () => {
    signInTestSession();
    const calls = stubFetch();
    renderWithProviders(<EmailReminder />);
    expect(screen.queryByText('Confirme seu e-mail para proteger sua conta.')).toBeNull();
    expect(calls).toEqual([]);
  });

  it('learns it from the account for a session stored before it was kept', async () => {
    writeStoredSession({ ...sessionUserFrom(testSession), emailVerified: undefined }, true);
    stubFetch({ status: 200, body: { data: account(false) } });
    renderWithProviders(<EmailReminder />);
    expect(await screen.findByText('Confirme seu e-mail para proteger sua conta.')).toBeInTheDocument();
  });
});

describe('VerifyEmail', () => {
  it('spends the link once and says the e-mail is confirmed', async () => {
    const calls = stubFetch({ status: 200, body: { data: { verified: true } } });
    renderWithProviders(<VerifyEmail token="dG9rZW4" />);
    expect(await screen.findByText('E-mail confirmado. Obrigado!')).toBeInTheDocument();
    expect(calls).toHaveLength(1);
    expect(calls[0]?.url).toBe('/api/v1/email/verify');
    expect(JSON.parse(String(calls[0]?.init?.body))).toEqual({ token: 'dG9rZW4' });
  });

  it.each([
    ['EMAIL_TOKEN_EXPIRED', 'Este link de confirmação expirou (ele vale por 24 horas). Peça um novo.'],
    ['EMAIL_TOKEN_USED', 'Este link de confirmação já foi usado.'],
    ['EMAIL_TOKEN_INVALID', 'Este link de confirmação é inválido. Peça um novo.'],
  ])('explains a refused link (%s)', async (code, text) => {
    stubFetch({ status: 400, body: error(code) });
    renderWithProviders(<VerifyEmail token="dG9rZW4" />);
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
    expect(screen.getByText('Entre na sua conta para pedir um novo link.')).toBeInTheDocument();
  });
});
