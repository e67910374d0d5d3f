import { act, configure, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { RouterProvider, createMemoryRouter, type RouteObject } from 'react-router';
import { AuthProvider } from '../lib/auth';
import { i18n } from '../lib/i18n';
import { QueryClientProvider } from '@tanstack/react-query';
import { stubFetch, testQueryClient } from '../testing/render';
import { PAGE_PATTERNS } from '@acervo/contract/analytics';
import { routes } from './router';
import { RouteErrorPage } from './routes/route-error';

const realFetch = globalThis.fetch;

// Pages and the signed-in header load lazily (issue 12). Loading every one once here keeps the
// first compile of their modules out of the tests' waiting times; the router still loads each
// page through its `lazy` as it would in a browser.
beforeAll(async () => {
  // A navigation now waits for module loads; on a busy machine that can pass the default 1 s.
  configure({ asyncUtilTimeout: 5_000 });
  const every = (list: RouteObject[]): RouteObject[] => list.flatMap((r) => [r, ...every(r.children ?? [])]);
  await Promise.all([
    ...every(routes).map((route) => (typeof route.lazy === 'function' ? route.lazy() : null)),
    import('../components/layout/signed-in-nav'),
    import('../features/notifications/components/notifications-bell'),
    import('../features/notifications/components/notifications-modal'),
    import('../features/search/components/search-box'),
    import('../features/collections/components/add-item-modal'),
  ]);
}, 120_000);
afterEach(async () => {
  globalThis.fetch = realFetch;
  await act(() => i18n.changeLanguage('pt'));
});

function renderApp(path: string, client = testQueryClient()) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <QueryClientProvider client={client}>
      <AuthProvider onSessionLost={() => void router.navigate('/login')}>
        <RouterProvider router={router} />
      </AuthProvider>
    </QueryClientProvider>,
  );
  return { router, user: userEvent.setup() };
}

function storeSession() {
  localStorage.setItem('token', 'tok');
  localStorage.setItem('user_id', 'u1');
  localStorage.setItem('user_name', 'Ana Souza');
  localStorage.setItem('user_email', 'ana@example.com');
  localStorage.setItem('user_picture', 'false');
}

/** Every page's full path in the route table; a `:token` is a secret, counted as `*`. */
function pagePaths(list: RouteObject[], parent = ''): string[] {
  return list.flatMap((route) => {
    if (route.path === '*') return [];
    const path = route.path
      ? `${parent.replace(/\/$/, '')}/${route.path.replace(/^\//, '')}`.replace(':token', '*')
      : parent;
    const own = route.index || (route.path && !route.children) ? [path || '/'] : [];
    const withChildren = route.path && route.children ? [path] : [];
    return [...own, ...withChildren, ...pagePaths(route.children ?? [], path)];
  });
}

describe('routes', () => {
  it("are the page patterns page views count (the contract's PAGE_PATTERNS), no more, no less", () => {
    expect(new Set(pagePaths(routes))).toEqual(new Set(PAGE_PATTERNS));
  });

  it('sends an anonymous visitor from a guarded page to /login, asked to return there', async () => {
    const { router } = renderApp('/search?q=filmes');
    expect(await screen.findByRole('heading', { name: 'Acesse sua conta' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(new URLSearchParams(router.state.location.search).get('next')).toBe('/search?q=filmes');
  });

  it('restores a stored session before rendering guarded pages', async () => {
    storeSession();
    // The header's bell asks for the unread count.
    stubFetch({ status: 200, body: { data: [], next_cursor: null, unread: 1 } });
    renderApp('/onboarding');
    expect(
      await screen.findByRole('heading', { name: 'Boas-vindas ao Acervo, Ana Souza!' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Acervo, seu perfil' })).toHaveAttribute('href', '/profile');
    expect(await screen.findByRole('button', { name: 'Notificações: 1 não lida' })).toHaveTextContent('01');
  });

  it('signs out and goes to /login when a signed call answers 401', async () => {
    storeSession();
    const calls = stubFetch({ status: 401, body: { error: { code: 'UNAUTHENTICATED', message: 'x' } } });
    // Answers cached while the session lived (its feed, say) go with it.
    const client = testQueryClient();
    client.setQueryData(['feed', 'u1'], { data: ['a private collection'] });
    // The first signed call (the bell's count or the profile header's GET /user/u1) answers 401.
    const { router } = renderApp('/profile', client);
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(calls[0]?.init?.headers).toMatchObject({ authorization: 'Bearer tok' });
    expect(localStorage.getItem('token')).toBeNull();
    expect(client.getQueryData(['feed', 'u1'])).toBeUndefined();
  });

  it("forgets every cached answer on sign-out, so the next person never sees the last one's", async () => {
    storeSession();
    // Ana's bell count, then the sign-out.
    stubFetch(
      { status: 200, body: { data: [], next_cursor: null, unread: 3 } },
      { status: 200, body: { data: { signed_out: true } } },
    );
    const client = testQueryClient();
    const { router, user } = renderApp('/onboarding', client);
    expect(await screen.findByRole('button', { name: 'Notificações: 3 não lidas' })).toBeInTheDocument();
    expect(client.getQueryData(['notifications', 'unread'])).toBe(3);

    await user.click(screen.getByRole('button', { name: /Menu do usuário/ }));
    await user.click(await screen.findByRole('button', { name: 'Sair' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    // Signing out is not a visit to come back to.
    expect(router.state.location.search).toBe('');
    expect(client.getQueryData(['notifications', 'unread'])).toBeUndefined();
  });

  it('sends a visitor from an invite link to sign in or register, asking to come back to it', async () => {
    const { router, user } = renderApp('/invite/abc123');
    const prompt = (await screen.findByRole('heading', { name: 'Convite para colaborar' })).closest(
      'section',
    )!;
    const register = within(prompt).getByRole('link', { name: 'Quero criar minha conta' });
    expect(register).toHaveAttribute('href', '/register?next=%2Finvite%2Fabc123');
    await user.click(within(prompt).getByRole('link', { name: 'Entrar' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toBe('?next=%2Finvite%2Fabc123');
  });

  it('shows the friendly 404 page for unknown routes', async () => {
    renderApp('/nada-aqui');
    expect(await screen.findByRole('heading', { name: 'Não encontramos esta página' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Página não encontrada · Acervo'));
  });

  it('switches the whole interface to English from the footer and remembers it', async () => {
    const { user } = renderApp('/login');
    await user.click(await screen.findByRole('button', { name: /English/ }));
    expect(await screen.findByRole('heading', { name: 'Log in to your account' })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('en');
    expect(localStorage.getItem('language')).toBe('en');
    expect(screen.getByRole('button', { name: /English/ })).toHaveAttribute('aria-pressed', 'true');
  });

  it("makes the footer's language the language of a signed-in person's mails", async () => {
    storeSession();
    const calls = stubFetch(
      // The header's bell asks for the unread count first.
      { status: 200, body: { data: [], next_cursor: null, unread: 0 } },
      { status: 200, body: { data: { locale: 'en' } } },
    );
    // Her account is known and verified, so the header's e-mail reminder asks for nothing.
    const client = testQueryClient();
    client.setQueryData(['user', 'u1'], { id: 'u1', email: 'ana@example.com', email_verified: true });
    const { user } = renderApp('/help', client);
    await waitFor(() => expect(calls).toHaveLength(1));
    await user.click(screen.getByRole('button', { name: /English/ }));
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(calls[1]?.url).toBe('/api/v1/user/u1/locale');
    expect(calls[1]?.init?.method).toBe('PUT');
    expect(JSON.parse(String(calls[1]?.init?.body))).toEqual({ locale: 'en' });
  });
});

describe('errors', () => {
  it("shows 'Unexpected Application Error!' with the message when a page throws", async () => {
    function Broken(): never {
      throw new Error('boom');
    }
    const router = createMemoryRouter([{ path: '/', element: <Broken />, errorElement: <RouteErrorPage /> }]);
    const quiet = console.error;
    console.error = () => {};
    try {
      render(<RouterProvider router={router} />);
      expect(
        await screen.findByRole('heading', { name: 'Unexpected Application Error!' }),
      ).toBeInTheDocument();
      expect(screen.getByText('boom')).toBeInTheDocument();
    } finally {
      console.error = quiet;
    }
  });
});
