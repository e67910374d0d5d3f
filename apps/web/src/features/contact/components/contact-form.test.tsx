import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { altchaSays, altchaWidget } from '../../../testing/altcha';
import { renderWithProviders, stubFetch, stubRemoteConfig } from '../../../testing/render';
import { ContactForm } from './contact-form';

async function fill(user: ReturnType<typeof renderWithProviders>['user']) {
  await user.type(screen.getByLabelText('Nome'), 'Ana');
  await user.type(screen.getByLabelText('E-mail'), 'ana@example.com');
  await user.type(screen.getByLabelText('Mensagem'), 'Olá!');
}

describe('ContactForm', () => {
  it('requires name, e-mail and message; the phone is optional', async () => {
    const calls = stubFetch();
    const { user } = renderWithProviders(<ContactForm />);
    await user.click(screen.getByRole('button', { name: 'Enviar mensagem' }));
    expect(await screen.findByText('Informe o seu nome.')).toBeInTheDocument();
    expect(screen.getByText('Informe o seu e-mail.')).toBeInTheDocument();
    expect(screen.getByText('Digite sua mensagem.')).toBeInTheDocument();
    expect(screen.getByLabelText('Telefone (opcional)')).not.toBeRequired();
    expect(screen.getByLabelText('Telefone (opcional)')).toBeValid();
    expect(calls).toHaveLength(0);
  });

  it('replaces the form with the thank-you panel on success', async () => {
    const calls = stubFetch({ status: 201, body: { data: { received: true } } });
    const { user } = renderWithProviders(<ContactForm />);
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Enviar mensagem' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Agradecemos pelo seu contato! Sua mensagem foi recebida, e em breve nossa equipe entrará em contato com você.',
    );
    expect(screen.queryByRole('button', { name: 'Enviar mensagem' })).toBeNull();
    expect(JSON.parse(String(calls[0]?.init?.body))).toEqual({
      inputName: 'Ana',
      inputEmail: 'ana@example.com',
      textMessage: 'Olá!',
    });
  });

  it('shows the failure text with the contact address', async () => {
    stubFetch({ status: 404, body: { error: { code: 'NOT_FOUND', message: 'x' } } });
    const { user } = renderWithProviders(<ContactForm />);
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Enviar mensagem' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Não foi possível enviar sua mensagem. Por favor, entre em contato através do nosso e-mail contato@acervo.app',
    );
  });

  // The first render with a captcha imports the real ALTCHA widget: more than 5 s on a busy machine.
  it(
    'asks for the captcha with its own text, before sending and when the server refuses it',
    { timeout: 20_000 },
    async () => {
      stubRemoteConfig({ captcha: { provider: 'altcha' } });
      const calls = stubFetch({ status: 400, body: { error: { code: 'CAPTCHA_FAILED', message: 'x' } } });
      const { user } = renderWithProviders(<ContactForm />);
      await waitFor(() => expect(altchaWidget()).not.toBeNull());
      await fill(user);
      await user.click(screen.getByRole('button', { name: 'Enviar mensagem' }));
      expect(
        await screen.findByText('Por favor, complete o desafio do reCAPTCHA para enviar o formulário.'),
      ).toBeInTheDocument();
      expect(calls).toHaveLength(0);
      altchaSays('verified', 'payload-3');
      await user.click(screen.getByRole('button', { name: 'Enviar mensagem' }));
      await waitFor(() => expect(calls).toHaveLength(1));
      expect(
        await screen.findByText('Por favor, complete o desafio do reCAPTCHA para enviar o formulário.'),
      ).toBeInTheDocument();
    },
  );
});
