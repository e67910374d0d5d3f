import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { storeSession } from '../../../testing/fixtures';
import { renderWithProviders, stubFetch } from '../../../testing/render';
import { DigestPanel } from './digest-panel';
import { DigestUnsubscribe } from './digest-unsubscribe';

describe('the digest panel', () => {
  it('shows the stored choice, explains it and saves a new one', async () => {
    storeSession('u1');
    const calls = stubFetch(
      { status: 200, body: { data: { digest: 'off' } } },
      { status: 200, body: { data: { digest: 'daily' } } },
    );
    const { user } = renderWithProviders(<DigestPanel />);
    const group = await screen.findByRole('group', { name: 'Receber o resumo' });
    expect(group).toBeVisible();
    expect(screen.getByRole('radio', { name: 'Não receber' })).toBeChecked();
    expect(screen.getByText(/enviado quando há novidades/)).toBeVisible();

    await user.click(screen.getByRole('radio', { name: 'Todo dia' }));
    await user.click(screen.getByRole('button', { name: 'Salvar resumo' }));
    expect(await screen.findByText('Preferência de resumo salva.')).toBeVisible();
    expect(calls[0]!.url).toBe('/api/v1/user/u1/digest');
    expect(calls[1]!.url).toBe('/api/v1/user/u1/digest');
    expect(calls[1]!.init?.method).toBe('PUT');
    expect(JSON.parse(String(calls[1]!.init?.body))).toEqual({ digest: 'daily' });
    expect(screen.getByRole('radio', { name: 'Todo dia' })).toBeChecked();
  });

  it('says so when saving fails, keeping the choice', async () => {
    storeSession('u1');
    stubFetch(
      { status: 200, body: { data: { digest: 'weekly' } } },
      { status: 500, body: { error: { code: 'INTERNAL', message: 'x' } } },
    );
    const { user } = renderWithProviders(<DigestPanel />);
    expect(await screen.findByRole('radio', { name: 'Toda semana' })).toBeChecked();
    await user.click(screen.getByRole('radio', { name: 'Não receber' }));
    await user.click(screen.getByRole('button', { name: 'Salvar resumo' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Não foi possível salvar a preferência de resumo.',
    );
    expect(screen.getByRole('radio', { name: 'Não receber' })).toBeChecked();
  });
});

describe('the unsubscribe page', () => {
  it('changes nothing on opening; its button turns the digest off without a session', async () => {
    localStorage.clear();
    const calls = stubFetch({ status: 200, body: { data: { digest: 'off' } } });
    const { user } = renderWithProviders(<DigestUnsubscribe token="u1.abc" />);
    expect(screen.getByText(/não receberá mais o resumo do Acervo/)).toBeVisible();
    expect(calls).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Cancelar o resumo' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Pronto: você não receberá mais o resumo por e-mail.',
    );
    expect(calls[0]!.url).toBe('/api/v1/digest/unsubscribe?token=u1.abc');
    expect(calls[0]!.init?.method).toBe('POST');
    expect(new Headers(calls[0]!.init?.headers).get('authorization')).toBeNull();
    expect(screen.getByRole('link', { name: 'Ir para o início' })).toBeVisible();
  });

  it('explains a link that is not valid', async () => {
    localStorage.clear();
    stubFetch({
      status: 400,
      body: { error: { code: 'UNSUBSCRIBE_TOKEN_INVALID', message: 'x' } },
    });
    const { user } = renderWithProviders(<DigestUnsubscribe token="forjado" />);
    await user.click(screen.getByRole('button', { name: 'Cancelar o resumo' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Este link para cancelar o resumo é inválido.',
    );
  });
});
