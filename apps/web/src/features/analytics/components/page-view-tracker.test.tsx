import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { pageViewsSent, renderWithProviders, stubFetch, stubRemoteConfig } from '../../../testing/render';
import { AnalyticsPreferences } from './analytics-preferences';
import { CookieNotice } from './cookie-notice';
import { PageViewTracker } from './page-view-tracker';

const ui = (
  <>
    <PageViewTracker />
    <CookieNotice />
    <AnalyticsPreferences />
  </>
);
const gtagScripts = () =>
  [...document.querySelectorAll('script')].filter((s) => s.src.includes('googletagmanager.com'));

afterEach(() => {
  stubRemoteConfig();
  Object.defineProperty(navigator, 'doNotTrack', { value: null, configurable: true });
});

describe('page views without Google Analytics', () => {
  it('counts one view per route change on our API, with the route pattern only, and no cookie notice', async () => {
    stubFetch();
    const { router } = renderWithProviders(ui, { path: '*', at: '/help?q=segredo' });
    await waitFor(() => expect(pageViewsSent).toEqual(['/help']));
    await act(() => router.navigate('/contact'));
    await act(() => router.navigate('/contact#form'));
    await act(() => router.navigate('/lists/abc'));
    await act(() => router.navigate('/lists/create'));
    await waitFor(() => expect(pageViewsSent).toEqual(['/help', '/contact', '/lists/:id', '/lists/create']));
    expect(screen.queryByRole('region', { name: 'Aviso de cookies' })).toBeNull();
  });

  it('never sends a token or an id: pages with secrets in the path count as their pattern, unknown paths not at all', async () => {
    stubFetch();
    const { router } = renderWithProviders(ui, { path: '*', at: '/reset/c2VncmVkby1kZS1yZXNldA' });
    await waitFor(() => expect(pageViewsSent).toEqual(['/reset/*']));
    await act(() => router.navigate('/invite/Y29udml0ZQ'));
    await act(() => router.navigate('/verify-email/dmVyaWZpY2E'));
    await act(() => router.navigate('/no-such-page/abc'));
    await act(() => router.navigate('/profile/wtt0fgHceRL46Hhk/followers'));
    await waitFor(() =>
      expect(pageViewsSent).toEqual([
        '/reset/*',
        '/invite/*',
        '/verify-email/*',
        '/profile/:userId/followers',
      ]),
    );
  });

  it('stops counting after the opt-out on the privacy page', async () => {
    stubFetch();
    const { router, user } = renderWithProviders(ui, { path: '*', at: '/privacy-policy' });
    await waitFor(() => expect(pageViewsSent).toEqual(['/privacy-policy']));
    const toggle = screen.getByRole('switch', { name: 'Incluir minhas visitas nas estatísticas' });
    expect(toggle).toBeChecked();
    await user.click(toggle);
    expect(toggle).not.toBeChecked();
    await act(() => router.navigate('/help'));
    await act(() => router.navigate('/contact'));
    expect(pageViewsSent).toEqual(['/privacy-policy']);
    expect(localStorage.getItem('analytics_consent')).toBe('declined');
  });

  it('counts nothing when the browser says Do Not Track', async () => {
    Object.defineProperty(navigator, 'doNotTrack', { value: '1', configurable: true });
    stubFetch();
    const { router } = renderWithProviders(ui, { path: '*', at: '/help' });
    expect(await screen.findByRole('switch')).toBeDisabled();
    await act(() => router.navigate('/contact'));
    expect(pageViewsSent).toEqual([]);
  });
});

describe('page views with Google Analytics', () => {
  it('sends nothing to Google before the cookie notice is accepted, then a page_view per route change', async () => {
    stubRemoteConfig({ analytics_id: 'G-TEST123' });
    const calls = stubFetch();
    const { router, user } = renderWithProviders(ui, { path: '*', at: '/help' });
    const notice = await screen.findByRole('region', { name: 'Aviso de cookies' });
    await act(() => router.navigate('/contact'));
    expect(gtagScripts()).toHaveLength(0);
    expect(window.dataLayer ?? []).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Aceitar' }));
    expect(notice).not.toBeInTheDocument();
    await waitFor(() => expect(gtagScripts()).toHaveLength(1));
    expect(gtagScripts()[0]!.src).toBe('https://www.googletagmanager.com/gtag/js?id=G-TEST123');
    await act(() => router.navigate('/lists/abc'));
    await act(() => router.navigate('/invite/c2VncmVkbw'));
    const pageViews = (window.dataLayer ?? [])
      .map((entry) => Array.from(entry as ArrayLike<unknown>))
      .filter(([kind, name]) => kind === 'event' && name === 'page_view')
      .map(([, , params]) => (params as { page_path: string }).page_path);
    expect(pageViews).toEqual(['/contact', '/lists/:id', '/invite/*']);
    expect(JSON.stringify(window.dataLayer)).not.toContain('c2VncmVkbw');
    // Our own counter is not used alongside Google, and nothing else was called.
    expect(pageViewsSent).toEqual([]);
    expect(calls).toEqual([]);
  });

  it('gives Google the address, title and referrer of every hit, so gtag.js reads none of them from the page', async () => {
    // gtag.js sends events of its own (engagement, scrolls, outbound clicks), each with the page's
    // address, title and referrer unless told otherwise: here a token, a search, a person's name
    // and a person's id.
    const token = 'c2VncmVkby1kZS1jb252aXRl';
    const { origin } = window.location;
    window.history.replaceState(null, '', `/invite/${token}?q=termo-secreto`);
    document.title = 'Convite de Ana Souza';
    Object.defineProperty(document, 'referrer', {
      value: `${origin}/profile/wtt0fgHceRL46Hhk`,
      configurable: true,
    });
    stubRemoteConfig({ analytics_id: 'G-TEST456' });
    stubFetch();
    localStorage.setItem('analytics_consent', 'accepted');
    window.dataLayer = [];
    try {
      const { router } = renderWithProviders(ui, { path: '*', at: `/invite/${token}` });
      const commands = () => (window.dataLayer ?? []).map((entry) => Array.from(entry as ArrayLike<unknown>));
      await waitFor(() => expect(commands().some(([kind]) => kind === 'event')).toBe(true));
      await act(() => router.navigate('/lists/abc'));
      await waitFor(() => expect(commands().filter(([kind]) => kind === 'event')).toHaveLength(2));

      // Set before the tag is configured, and again on each route change.
      const sets = commands().filter(([kind]) => kind === 'set');
      const firstConfig = commands().findIndex(([kind]) => kind === 'config');
      expect(commands().findIndex(([kind]) => kind === 'set')).toBeLessThan(firstConfig);
      expect(sets.map(([, fields]) => fields)).toEqual([
        {
          page_location: `${origin}/invite/*`,
          page_title: '/invite/*',
          page_referrer: `${origin}/profile/:userId`,
        },
        {
          page_location: `${origin}/lists/:id`,
          page_title: '/lists/:id',
          page_referrer: `${origin}/invite/*`,
        },
      ]);
      expect(JSON.stringify(commands())).not.toMatch(/c2VncmVkby|termo-secreto|Ana Souza|wtt0fgHceRL46Hhk/);
    } finally {
      window.history.replaceState(null, '', '/');
      document.title = '';
      Reflect.deleteProperty(document, 'referrer');
    }
  });
});
