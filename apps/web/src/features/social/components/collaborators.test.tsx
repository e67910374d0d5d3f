import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders, stubFetch } from '../../../testing/render';
import { aCollection, storeSession } from '../../../testing/fixtures';
import { CollaboratorsPanel } from './collaborators-panel';
import { InviteLanding } from './invite-landing';

const collection = aCollection({ name: 'Diário' });
const bruno = {
  user_id: 'u2',
  name: 'Bruno Lima',
  picture: null,
  role: 'editor',
  added_at: '2026-03-05T12:00:00.000Z',
};
const TOKEN = 'abcdefghijklmnopqrstuvwxyz012345';

describe('CollaboratorsPanel', () => {
  it('adds a person by e-mail and lists them with their role', async () => {
    storeSession();
    const calls = stubFetch(
      { status: 200, body: { data: [] } },
      { status: 200, body: { data: { ...bruno, role: 'viewer' } } },
      { status: 200, body: { data: [{ ...bruno, role: 'viewer' }] } },
    );
    const { user } = renderWithProviders(<CollaboratorsPanel collection={collection} />);
    expect(await screen.findByText('Ninguém colabora nesta coleção ainda.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('E-mail da pessoa'), 'Bruno@Example.com');
    await user.selectOptions(screen.getByLabelText('Papel'), 'Leitor');
    await user.click(screen.getByRole('button', { name: 'Adicionar' }));
    expect(await screen.findByRole('link', { name: 'Bruno Lima' })).toHaveAttribute('href', '/profile/u2');
    expect(screen.getByLabelText('Papel de Bruno Lima')).toHaveValue('viewer');
    expect(screen.getByText('Agora Bruno Lima colabora nesta coleção (Leitor).')).toBeInTheDocument();
    expect(JSON.parse(String(calls[1]!.init?.body))).toEqual({ email: 'bruno@example.com', role: 'viewer' });
    expect(screen.getByLabelText('E-mail da pessoa')).toHaveValue('');
  });

  it('says when no account uses the e-mail, and refuses the owner’s own without asking', async () => {
    storeSession();
    const calls = stubFetch(
      { status: 200, body: { data: [] } },
      { status: 404, body: { error: { code: 'EMAIL_NOT_REGISTERED', message: 'x' } } },
    );
    const { user } = renderWithProviders(<CollaboratorsPanel collection={collection} />);
    const email = await screen.findByLabelText('E-mail da pessoa');
    await user.type(email, 'ninguem@example.com');
    await user.click(screen.getByRole('button', { name: 'Adicionar' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Nenhuma conta usa este e-mail.');

    await user.clear(email);
    await user.type(email, 'ANA@example.com');
    await user.click(screen.getByRole('button', { name: 'Adicionar' }));
    expect(await screen.findByText('O dono da coleção já tem acesso a ela.')).toBeVisible();
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(calls).toHaveLength(2);
  });

  it('changes a role, and removes a collaborator after asking', async () => {
    storeSession();
    const calls = stubFetch(
      { status: 200, body: { data: [bruno] } },
      { status: 200, body: { data: { ...bruno, role: 'viewer' } } },
      { status: 200, body: { data: [{ ...bruno, role: 'viewer' }] } },
      { status: 200, body: { data: { collection_id: 'c1', user_id: 'u2', removed: true } } },
      { status: 200, body: { data: [] } },
    );
    const { user } = renderWithProviders(<CollaboratorsPanel collection={collection} />);
    await user.selectOptions(await screen.findByLabelText('Papel de Bruno Lima'), 'viewer');
    expect(await screen.findByText('Papel de Bruno Lima: Leitor.')).toBeInTheDocument();
    expect(calls[1]).toMatchObject({
      url: '/api/v1/collection/c1/collaborators/u2',
      init: { method: 'PUT' },
    });

    await user.click(screen.getByRole('button', { name: 'Remover Bruno Lima' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Remover Bruno Lima dos colaboradores desta coleção?');
    await user.click(within(dialog).getByRole('button', { name: 'Sim, remover' }));
    expect(await screen.findByText('Ninguém colabora nesta coleção ainda.')).toBeInTheDocument();
    expect(screen.getByText('Bruno Lima não colabora mais nesta coleção.')).toBeInTheDocument();
    expect(calls[3]).toMatchObject({
      url: '/api/v1/collection/c1/collaborators/u2',
      init: { method: 'DELETE' },
    });
  });

  it('creates an invite link on this site, copies it and revokes the open ones', async () => {
    storeSession();
    stubFetch(
      { status: 200, body: { data: [] } },
      {
        status: 201,
        body: {
          data: {
            token: TOKEN,
            url: `https://acervo.example/invite/${TOKEN}`,
            role: 'editor',
            expires_at: '2026-03-12T12:00:00.000Z',
          },
        },
      },
      { status: 200, body: { data: { collection_id: 'c1', revoked: 2 } } },
    );
    const { user } = renderWithProviders(<CollaboratorsPanel collection={collection} />);
    await user.click(await screen.findByRole('button', { name: 'Criar link de convite' }));
    const link = await screen.findByLabelText('Link de convite (Editor)');
    expect(link).toHaveValue(`${window.location.origin}/invite/${TOKEN}`);
    expect(screen.getByText('Vale até 12/03/2026.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Copiar link' }));
    expect(await screen.findByText('Link copiado.')).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe(`${window.location.origin}/invite/${TOKEN}`);

    await user.click(screen.getByRole('button', { name: 'Revogar links abertos' }));
    expect(await screen.findByText('2 links revogados.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByLabelText('Link de convite (Editor)')).toBeNull());
  });
});

describe('InviteLanding', () => {
  it('shows what the invite gives and opens the collection once accepted', async () => {
    storeSession('u2', { email: 'bruno@example.com' });
    const calls = stubFetch(
      {
        status: 200,
        body: {
          data: {
            collection_id: 'c1',
            collection_name: 'Diário',
            owner_name: 'Ana',
            role: 'editor',
            expires_at: '2026-03-12T12:00:00.000Z',
          },
        },
      },
      { status: 200, body: { data: { collection_id: 'c1', role: 'editor' } } },
    );
    const { user, router } = renderWithProviders(<InviteLanding token={TOKEN} />);
    expect(
      await screen.findByText('Ana convidou você para colaborar na coleção “Diário”.'),
    ).toBeInTheDocument();
    expect(screen.getByText(/Com o papel de editor/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Aceitar convite' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/lists/c1'));
    expect(calls[1]).toMatchObject({ url: `/api/v1/invite/${TOKEN}`, init: { method: 'POST' } });
  });

  it('says an unknown or expired invite is not valid, and a malformed one without asking', async () => {
    storeSession('u2');
    const calls = stubFetch({ status: 404, body: { error: { code: 'INVITE_INVALID', message: 'x' } } });
    const { unmount } = renderWithProviders(<InviteLanding token={TOKEN} />);
    expect(await screen.findByText('Este convite não é válido ou expirou.')).toBeInTheDocument();
    unmount();
    renderWithProviders(<InviteLanding token="curto" />);
    expect(await screen.findByText('Este convite não é válido ou expirou.')).toBeInTheDocument();
    expect(calls).toHaveLength(1);
  });

  it('asks a visitor to sign in first, and to come back to the invite afterwards', () => {
    const calls = stubFetch();
    renderWithProviders(<InviteLanding token={TOKEN} />, { path: '/invite/:token', at: `/invite/${TOKEN}` });
    expect(screen.getByRole('link', { name: 'Entrar' })).toHaveAttribute(
      'href',
      `/login?next=%2Finvite%2F${TOKEN}`,
    );
    expect(calls).toHaveLength(0);
  });
});
