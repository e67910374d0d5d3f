import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { liveStream, renderWithProviders, stubFetch } from '../../../testing/render';
import { storeSession } from '../../../testing/fixtures';
import { NotificationsBell } from './notifications-bell';

const page = (data: unknown[], unread: number, next_cursor: string | null = null) => ({
  status: 200,
  body: { data, next_cursor, unread },
});
const recently = new Date(Date.now() - 5 * 60_000).toISOString();
const follower = {
  id: 'n1',
  kind: 'new_follower',
  actor: { id: 'u2', name: 'Bruno Lima' },
  collection: null,
  created_at: recently,
  read: false,
};
const like = {
  id: 'n2',
  kind: 'like',
  actor: { id: 'u3', name: 'Carla' },
  collection: { id: 'c1', name: 'Filmes' },
  created_at: recently,
  read: false,
};
const saved = { ...like, id: 'n3', kind: 'save', read: true };
// The dialog's code is fetched on first open (decision 034): on a busy machine that takes a moment.
const DIALOG_CODE = { timeout: 4000 };

describe('the bell', () => {
  it('has no badge at zero', async () => {
    storeSession();
    const calls = stubFetch(page([], 0));
    renderWithProviders(<NotificationsBell />);
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]!.url).toBe('/api/v1/notification?limit=1');
    const bell = screen.getByRole('button', { name: 'Notificações' });
    expect(bell.querySelector('.badge')).toBeNull();
  });

  it('shows the real unread count, two digits as the spec draws it', async () => {
    storeSession();
    stubFetch(page([follower], 3));
    renderWithProviders(<NotificationsBell />);
    expect(await screen.findByRole('button', { name: 'Notificações: 3 não lidas' })).toHaveTextContent('03');
  });
});

describe('the notifications modal', () => {
  it('lists what happened, newest first, and marks one or all as read', async () => {
    storeSession();
    const calls = stubFetch(
      page([follower], 2),
      page([follower, like, saved], 2),
      { status: 200, body: { data: { unread: 1 } } },
      { status: 200, body: { data: { unread: 0 } } },
    );
    const { user } = renderWithProviders(<NotificationsBell />);
    await user.click(await screen.findByRole('button', { name: 'Notificações: 2 não lidas' }));
    const dialog = await screen.findByRole('dialog', { name: 'Notificações' }, DIALOG_CODE);
    const follow = await within(dialog).findByRole('link', { name: 'Bruno Lima começou a seguir você.' });
    expect(follow).toHaveAttribute('href', '/profile/u2');
    expect(
      within(dialog).getByRole('link', { name: 'Carla curtiu a sua coleção “Filmes”.' }),
    ).toHaveAttribute('href', '/lists/c1');
    expect(within(dialog).getByText('Carla salvou uma cópia da sua coleção “Filmes”.')).toBeInTheDocument();
    expect(within(dialog).getAllByText('há 5 minutos')).toHaveLength(3);
    // Only the unread ones offer the button.
    const buttons = within(dialog).getAllByRole('button', { name: 'Marcar como lida' });
    expect(buttons).toHaveLength(2);

    await user.click(buttons[0]!);
    expect(await within(dialog).findByText('Notificação marcada como lida.')).toBeInTheDocument();
    expect(JSON.parse(String(calls[2]!.init?.body))).toEqual({ ids: ['n1'] });
    expect(follow).toHaveFocus();
    expect(within(dialog).getAllByRole('button', { name: 'Marcar como lida' })).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Notificações: 1 não lida' })).toHaveTextContent('01');

    await user.click(within(dialog).getByRole('button', { name: 'Marcar todas como lidas' }));
    expect(
      await within(dialog).findByText('Todas as notificações foram marcadas como lidas.'),
    ).toBeInTheDocument();
    expect(JSON.parse(String(calls[3]!.init?.body))).toEqual({});
    expect(within(dialog).queryByRole('button', { name: 'Marcar como lida' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Notificações' }).querySelector('.badge')).toBeNull();
  });

  it("keeps the spec's registration notice first while the account is incomplete", async () => {
    storeSession();
    const completeProfile = {
      id: 'complete_profile',
      kind: 'complete_profile',
      actor: null,
      collection: null,
      created_at: recently,
      read: false,
    };
    stubFetch(page([completeProfile], 1), page([completeProfile], 1));
    const { user } = renderWithProviders(<NotificationsBell />);
    await user.click(await screen.findByRole('button', { name: 'Notificações: 1 não lida' }));
    const dialog = await screen.findByRole('dialog', { name: 'Notificações' }, DIALOG_CODE);
    expect(await within(dialog).findByRole('link', { name: 'Completar cadastro' })).toHaveAttribute(
      'href',
      '/account/profile',
    );
    expect(dialog).toHaveTextContent('cadastro');
    expect(within(dialog).queryByRole('button', { name: 'Marcar todas como lidas' })).toBeNull();
  });

  it('pages older notifications in with the cursor', async () => {
    storeSession();
    const older = { ...saved, id: 'n9', collection: { id: 'c2', name: 'Livros' } };
    const calls = stubFetch(page([], 0), page([saved], 0, 'next1'), page([older], 0));
    const { user } = renderWithProviders(<NotificationsBell />);
    await user.click(await screen.findByRole('button', { name: 'Notificações' }));
    await user.click(await screen.findByRole('button', { name: 'Carregar mais' }));
    const link = await screen.findByRole('link', { name: 'Carla salvou uma cópia da sua coleção “Livros”.' });
    expect(link).toHaveFocus();
    expect(calls[2]!.url).toBe('/api/v1/notification?limit=20&cursor=next1');
  });
});

describe('the live bell', () => {
  it('takes the count the stream sends, without asking again', async () => {
    storeSession();
    const calls = stubFetch(page([], 1));
    const stream = liveStream();
    renderWithProviders(<NotificationsBell />);
    const bell = screen.getByRole('button', { name: /Notificações/ });
    await waitFor(() => expect(bell.querySelector('.badge')?.textContent).toBe('01'));
    stream.push('id: a-1\nevent: notification\ndata: {"unread":4}\n\n');
    await waitFor(() => expect(bell.querySelector('.badge')?.textContent).toBe('04'));
    expect(calls).toHaveLength(1);
  });
});
