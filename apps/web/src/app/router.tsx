import { createElement, type ComponentProps, type ComponentType } from 'react';
import { Navigate, createBrowserRouter, matchRoutes, type RouteObject } from 'react-router';
import { RootLayout } from './layouts/root-layout';
import { RequireAuth } from './require-auth';
import { NotFoundPage } from './routes/not-found';
import { RouteErrorPage } from './routes/route-error';

/**
 * A page loaded on first visit (issue 12): each page is its own chunk, so the landing and sign-in
 * pages never download the signed-in screens, dnd-kit or the masks.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any page component; its props are typed below
function page<M extends Record<K, ComponentType<any>>, K extends keyof M>(
  load: () => Promise<M>,
  name: K,
  props?: ComponentProps<M[K]>,
): RouteObject['lazy'] {
  return async () => ({ element: createElement((await load())[name], props) });
}

/**
 * Every route of the web app, in one place (spec section 2). Page views count these as patterns:
 * a new route adds its pattern to PAGE_PATTERNS in packages/contract/src/analytics.ts (a
 * `:token` segment is a secret, counted as `*`; router.test.tsx checks the two agree).
 * - Public pages go in `publicRoutes`.
 * - Pages behind the sign-in guard go in `signedInRoutes` (issue 5: feed, profile, lists, items,
 *   account; issue 8: followers, following, search); each composes components of its
 *   `src/features/<feature>` folder.
 */
const publicRoutes: RouteObject[] = [
  { index: true, lazy: page(() => import('./routes/landing'), 'LandingPage') },
  { path: 'register', lazy: page(() => import('./routes/register'), 'RegisterPage') },
  { path: 'login', lazy: page(() => import('./routes/login'), 'LoginPage') },
  { path: 'recover', lazy: page(() => import('./routes/recover'), 'RecoverPage') },
  { path: 'reset/:token', lazy: page(() => import('./routes/reset'), 'ResetPage') },
  // Issue 23: the link of the verification mail, signed in or not.
  { path: 'verify-email/:token', lazy: page(() => import('./routes/verify-email'), 'VerifyEmailPage') },
  { path: 'help', lazy: page(() => import('./routes/help'), 'HelpPage') },
  { path: 'contact', lazy: page(() => import('./routes/contact'), 'ContactPage') },
  {
    path: 'privacy-policy',
    lazy: page(() => import('./routes/legal-page'), 'LegalPage', { document: 'privacy' }),
  },
  { path: 'terms-use', lazy: page(() => import('./routes/legal-page'), 'LegalPage', { document: 'terms' }) },
  // Not behind the guard: an anonymous visitor reads a public collection (issue 12), and gets the
  // sign-in prompt of spec section 2 for any other.
  { path: 'lists/:id', lazy: page(() => import('./routes/lists'), 'CollectionPage') },
  // Issue 12: the short share link; the server renders the collection's preview tags for it.
  { path: 'c/:id', lazy: page(() => import('./routes/lists'), 'CollectionPage') },
  // Issue 12: an item of a public collection opens from a link too, read-only.
  { path: 'lists/:id/items/:item', lazy: page(() => import('./routes/lists'), 'ItemRoute') },
  // Issue 8: a visitor sees what the invite is and is asked to sign in to accept it.
  { path: 'invite/:token', lazy: page(() => import('./routes/invite'), 'InvitePage') },
  { path: 'appeal/:token', lazy: page(() => import('./routes/appeal'), 'AppealPage') },
  // Issue 26: a shared taste in common; the server renders its preview tags and picture.
  { path: 'taste/:id', lazy: page(() => import('./routes/taste'), 'SharedTastePage') },
  // Issue 28: a shared "Seu ano no Acervo"; the server renders its preview tags and picture.
  { path: 'recap/:id', lazy: page(() => import('./routes/recap'), 'SharedRecapPage') },
  // Issue 26: where the digest mail's unsubscribe link leads; its button turns the digest off.
  {
    path: 'digest/unsubscribe/:token',
    lazy: page(() => import('./routes/digest-unsubscribe'), 'DigestUnsubscribePage'),
  },
];

const signedInRoutes: RouteObject[] = [
  { path: 'onboarding', lazy: page(() => import('./routes/onboarding'), 'OnboardingPage') },
  { path: 'profile', lazy: page(() => import('./routes/profile'), 'ProfilePage') },
  // Onboarding's "complete your profile" card: the account form is where registration data lives.
  { path: 'profile/update', element: <Navigate to="/account/profile" replace /> },
  { path: 'profile/:userId', lazy: page(() => import('./routes/profile'), 'UserProfilePage') },
  {
    path: 'profile/:userId/followers',
    lazy: page(() => import('./routes/profile'), 'FollowListPage', { list: 'followers' }),
  },
  {
    path: 'profile/:userId/following',
    lazy: page(() => import('./routes/profile'), 'FollowListPage', { list: 'following' }),
  },
  // Issue 28: "Estatísticas", one's own included; the chart library loads with its charts only.
  { path: 'profile/:userId/stats', lazy: page(() => import('./routes/stats'), 'UserStatsPage') },
  // Issue 28: "Seu ano no Acervo", the owner's with its share switch, others' once shared.
  {
    path: 'profile/:userId/recap/:year',
    lazy: page(() => import('./routes/recap'), 'UserRecapPage'),
  },
  { path: 'feed', lazy: page(() => import('./routes/feed'), 'FeedPage') },
  { path: 'search', lazy: page(() => import('./routes/search'), 'SearchPage') },
  { path: 'admin', lazy: page(() => import('./routes/admin'), 'AdminPage') },
  { path: 'lists/create', lazy: page(() => import('./routes/collection-forms'), 'CollectionCreatePage') },
  { path: 'lists/edit/:id', lazy: page(() => import('./routes/collection-forms'), 'CollectionEditPage') },
  {
    path: 'lists/:id/items/create',
    lazy: page(() => import('./routes/collection-forms'), 'ItemCreateRoute'),
  },
  {
    path: 'lists/:id/items/edit/:item',
    lazy: page(() => import('./routes/collection-forms'), 'ItemEditRoute'),
  },
  {
    path: 'account',
    lazy: page(() => import('./routes/account'), 'AccountLayout'),
    children: [
      { index: true, element: <Navigate to="/account/profile" replace /> },
      { path: 'profile', lazy: page(() => import('./routes/account'), 'AccountProfilePage') },
      { path: 'security', lazy: page(() => import('./routes/account-security'), 'AccountSecurityPage') },
      { path: 'import', lazy: page(() => import('./routes/account-import'), 'AccountImportPage') },
    ],
  },
];

export const routes: RouteObject[] = [
  {
    path: '/',
    element: <RootLayout prefetchRoute={prefetchRoute} />,
    // Outside the layout: an error thrown by the header or footer themselves.
    errorElement: <RouteErrorPage />,
    children: [
      {
        // Inside the layout: a page's error keeps the header and footer.
        errorElement: <RouteErrorPage />,
        children: [
          ...publicRoutes,
          { element: <RequireAuth />, children: signedInRoutes },
          // In the entry chunk anyway: the error page shows it too.
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
];

/**
 * Downloads the page chunks of `path` ahead of a click (hover, focus, idle); the browser keeps the
 * module, so the navigation itself then waits for nothing.
 */
export function prefetchRoute(path: string): void {
  for (const { route } of matchRoutes(routes, path) ?? []) {
    if (typeof route.lazy === 'function') void Promise.resolve(route.lazy()).catch(() => undefined);
  }
}

export function createAppRouter() {
  return createBrowserRouter(routes);
}
