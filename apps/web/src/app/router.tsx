import { createElement, type ComponentType } from 'react';
import { Navigate, createBrowserRouter, matchRoutes, type RouteObject } from 'react-router';
import { RootLayout } from './layouts/root-layout';
import { RequireAuth } from './require-auth';
import { NotFoundPage } from './routes/not-found';
import { RouteErrorPage } from './routes/route-error';

/**
 * The page modules (`./routes/login.tsx`), each its own chunk loaded on first visit (issue 12), so
 * the landing and sign-in pages never download the signed-in screens, dnd-kit or the masks. The
 * 404 and error pages are in the entry anyway.
 */
const pageModules = import.meta.glob<Record<string, unknown>>([
  './routes/*.tsx',
  '!./routes/*.test.tsx',
  '!./routes/not-found.tsx',
  '!./routes/route-error.tsx',
]);

/** What a page's route carries for the build: its module, whose chunks the server preloads. */
export type PageHandle = { file: string };

/**
 * The route fields of the page `name` exported by `./routes/<module>.tsx`, drawn with `props`. A
 * missing export fails as the page loads (router.test.tsx loads every one).
 */
function page(module: string, name: string, props?: object): Pick<RouteObject, 'lazy' | 'handle'> {
  const file = `./routes/${module}.tsx`;
  return {
    handle: { file } satisfies PageHandle,
    lazy: async () => {
      const component = (await pageModules[file]!())[name];
      if (typeof component !== 'function') throw new Error(`${file}: no ${name}`);
      return { element: createElement(component as ComponentType, props) };
    },
  };
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
  { index: true, ...page('landing', 'LandingPage') },
  { path: 'register', ...page('register', 'RegisterPage') },
  { path: 'login', ...page('login', 'LoginPage') },
  { path: 'recover', ...page('recover', 'RecoverPage') },
  { path: 'reset/:token', ...page('reset', 'ResetPage') },
  // Issue 23: the link of the verification mail, signed in or not.
  { path: 'verify-email/:token', ...page('verify-email', 'VerifyEmailPage') },
  { path: 'help', ...page('help', 'HelpPage') },
  { path: 'contact', ...page('contact', 'ContactPage') },
  {
    path: 'privacy-policy',
    ...page('legal-page', 'LegalPage', { document: 'privacy' }),
  },
  { path: 'terms-use', ...page('legal-page', 'LegalPage', { document: 'terms' }) },
  // Not behind the guard: an anonymous visitor reads a public collection (issue 12), and gets the
  // sign-in prompt of spec section 2 for any other.
  { path: 'lists/:id', ...page('lists', 'CollectionPage') },
  // Issue 12: the short share link; the server renders the collection's preview tags for it.
  { path: 'c/:id', ...page('lists', 'CollectionPage') },
  // Issue 12: an item of a public collection opens from a link too, read-only.
  { path: 'lists/:id/items/:item', ...page('lists', 'ItemRoute') },
  // Issue 8: a visitor sees what the invite is and is asked to sign in to accept it.
  { path: 'invite/:token', ...page('invite', 'InvitePage') },
  { path: 'appeal/:token', ...page('appeal', 'AppealPage') },
  // Issue 26: a shared taste in common; the server renders its preview tags and picture.
  { path: 'taste/:id', ...page('taste', 'SharedTastePage') },
  // Issue 28: a shared "Seu ano no Acervo"; the server renders its preview tags and picture.
  { path: 'recap/:id', ...page('recap', 'SharedRecapPage') },
  // Issue 26: where the digest mail's unsubscribe link leads; its button turns the digest off.
  {
    path: 'digest/unsubscribe/:token',
    ...page('digest-unsubscribe', 'DigestUnsubscribePage'),
  },
];

const signedInRoutes: RouteObject[] = [
  { path: 'onboarding', ...page('onboarding', 'OnboardingPage') },
  { path: 'profile', ...page('profile', 'ProfilePage') },
  // Onboarding's "complete your profile" card: the account form is where registration data lives.
  { path: 'profile/update', element: <Navigate to="/account/profile" replace /> },
  { path: 'profile/:userId', ...page('profile', 'UserProfilePage') },
  {
    path: 'profile/:userId/followers',
    ...page('profile', 'FollowListPage', { list: 'followers' }),
  },
  {
    path: 'profile/:userId/following',
    ...page('profile', 'FollowListPage', { list: 'following' }),
  },
  // Issue 28: "Estatísticas", one's own included; the chart library loads with its charts only.
  { path: 'profile/:userId/stats', ...page('stats', 'UserStatsPage') },
  // Issue 28: "Seu ano no Acervo", the owner's with its share switch, others' once shared.
  {
    path: 'profile/:userId/recap/:year',
    ...page('recap', 'UserRecapPage'),
  },
  { path: 'feed', ...page('feed', 'FeedPage') },
  { path: 'search', ...page('search', 'SearchPage') },
  { path: 'admin', ...page('admin', 'AdminPage') },
  { path: 'lists/create', ...page('collection-forms', 'CollectionCreatePage') },
  { path: 'lists/edit/:id', ...page('collection-forms', 'CollectionEditPage') },
  {
    path: 'lists/:id/items/create',
    ...page('collection-forms', 'ItemCreateRoute'),
  },
  {
    path: 'lists/:id/items/edit/:item',
    ...page('collection-forms', 'ItemEditRoute'),
  },
  {
    path: 'account',
    ...page('account', 'AccountLayout'),
    children: [
      { index: true, element: <Navigate to="/account/profile" replace /> },
      { path: 'profile', ...page('account', 'AccountProfilePage') },
      { path: 'security', ...page('account-security', 'AccountSecurityPage') },
      { path: 'import', ...page('account-import', 'AccountImportPage') },
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
