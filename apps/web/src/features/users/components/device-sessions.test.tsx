import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { readStoredSession } from '../../../lib/session-storage';
import { renderWithProviders, signInTestSession, stubFetch } from '../../../testing/render';
import { DeviceSessions } from './device-sessions';

const now = new Date().toISOString();
const sessions = [
  {
    id: 'sessaoatual00001',
    user_agent: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/147.0 Safari/537.36',
    created_at: '2026-11-01T10:00:00.000Z',
    last_seen_at: now,
    current: true,
  },
  {
    id: 'sessaocelular002',
    user_agent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) Version/18.0 Mobile Safari/604.1',
    created_at: '2026-10-20T10:00:00.000Z',
    last_seen_at: '2026-11-20T10:00:00.000Z',
    current: false,
  },
];

describe('DeviceSessions', () => {
  it('lists the devices by name, marks this one and ends another', async () => {
    signInTestSession();
    const calls = stubFetch(
      { status: 200, body: { data: sessions } },
      { status: 200, body: { data: { signed_out: true } } },
    );
    const { user } = renderWithProviders(<DeviceSessions />);
    const list = await screen.findByRole('list');
    const [here, phone] = within(list).getAllByRole('listitem');
    expect(here).toHaveTextContent('Chrome em Linux');
    expect(here).toHaveTextContent('Este dispositivo');
    expect(within(here!).queryByRole('button')).not.toBeInTheDocument();
    expect(phone).toHaveTextContent('Safari em iOS');

    await user.click(screen.getByRole('button', { name: 'Encerrar a sessão de Safari em iOS' }));
    expect(calls[1]?.url).toBe('/api/v1/sessions/sessaocelular002');
    expect(calls[1]?.init?.method).toBe('DELETE');
    await expect.poll(() => within(list).getAllByRole('listitem')).toHaveLength(1);
  });

  it('signs out of every device, this one included, and leaves for the sign-in page', async () => {
    signInTestSession();
    const calls = stubFetch(
      { status: 200, body: { data: sessions } },
      { status: 200, body: { data: { revoked: 2 } } },
    );
    const { user, router } = renderWithProviders(<DeviceSessions />);
    await screen.findByRole('list');
    await user.click(screen.getByRole('button', { name: 'Sair de todos os dispositivos' }));
    await expect.poll(() => router.state.location.pathname).toBe('/login');
    expect(calls[1]?.url).toBe('/api/v1/sessions');
    expect(calls[1]?.init?.method).toBe('DELETE');
    expect(readStoredSession()).toBeNull();
  });

  it('says so when a device cannot be signed out', async () => {
    signInTestSession();
    stubFetch(
      { status: 200, body: { data: sessions } },
      { status: 503, body: { error: { code: 'INTERNAL', message: 'x' } } },
    );
    const { user } = renderWithProviders(<DeviceSessions />);
    await user.click(await screen.findByRole('button', { name: 'Encerrar a sessão de Safari em iOS' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Não foi possível encerrar a sessão. Por favor, tente novamente.',
    );
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
  });
});
