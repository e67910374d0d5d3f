import { Navigate, createBrowserRouter, type RouteObject } from 'react-router';
import { RootLayout } from './layouts/root-layout';
import { RequireAuth } from './require-auth';
import { AccountLayout, AccountProfilePage, AccountSecurityPage } from './routes/account';
import { ContactPage } from './routes/contact';
import { FeedPage } from './routes/feed';
import { HelpPage } from './routes/help';
import { InvitePage } from './routes/invite';
import { LandingPage } from './routes/landing';
import { LegalPage } from './routes/legal-page';
import {
  CollectionCreatePage,
  CollectionEditPage,
  CollectionPage,
  ItemCreateRoute,
  ItemEditRoute,
  ItemRoute,
} from './routes/lists';
import { LoginPage } from './routes/login';
import { NotFoundPage } from './routes/not-found';
import { OnboardingPage } from './routes/onboarding';
import { FollowListPage, ProfilePage, UserProfilePage } from './routes/profile';
import { RecoverPage } from './routes/recover';
import { RegisterPage } from './routes/register';
import { ResetPage } from './routes/reset';
import { RouteErrorPage } from './routes/route-error';
import { SearchPage } from './routes/search';

/**
 * Every route of the web app, in one place (spec section 2).
 * - Public pages go in `publicRoutes`.
 * - Pages behind the sign-in guard go in `signedInRoutes` (issue 5: feed, profile, lists, items,
 *   account; issue 8: followers, following, search); each composes components of its
 *   `src/features/<feature>` folder.
 */
const publicRoutes: RouteObject[] = [
  { index: true, element: <LandingPage /> },
  { path: 'register', element: <RegisterPage /> },
  { path: 'login', element: <LoginPage /> },
  { path: 'recover', element: <RecoverPage /> },
  { path: 'reset/:token', element: <ResetPage /> },
  { path: 'help', element: <HelpPage /> },
  { path: 'contact', element: <ContactPage /> },
  { path: 'privacy-policy', element: <LegalPage document="privacy" /> },
  { path: 'terms-use', element: <LegalPage document="terms" /> },
  // Not behind the guard: an anonymous visitor reads a public collection (issue 12), and gets the
  // sign-in prompt of spec section 2 for any other.
  { path: 'lists/:id', element: <CollectionPage /> },
  // Issue 12: the short share link; the server renders the collection's preview tags for it.
  { path: 'c/:id', element: <CollectionPage /> },
  // Issue 8: a visitor sees what the invite is and is asked to sign in to accept it.
  { path: 'invite/:token', element: <InvitePage /> },
];

const signedInRoutes: RouteObject[] = [
  { path: 'onboarding', element: <OnboardingPage /> },
  { path: 'profile', element: <ProfilePage /> },
  // Onboarding's "complete your profile" card: the account form is where registration data lives.
  { path: 'profile/update', element: <Navigate to="/account/profile" replace /> },
  { path: 'profile/:userId', element: <UserProfilePage /> },
  { path: 'profile/:userId/followers', element: <FollowListPage list="followers" /> },
  { path: 'profile/:userId/following', element: <FollowListPage list="following" /> },
  { path: 'feed', element: <FeedPage /> },
  { path: 'search', element: <SearchPage /> },
  { path: 'lists/create', element: <CollectionCreatePage /> },
  { path: 'lists/edit/:id', element: <CollectionEditPage /> },
  { path: 'lists/:id/items/create', element: <ItemCreateRoute /> },
  { path: 'lists/:id/items/edit/:item', element: <ItemEditRoute /> },
  { path: 'lists/:id/items/:item', element: <ItemRoute /> },
  {
    path: 'account',
    element: <AccountLayout />,
    children: [
      { index: true, element: <Navigate to="/account/profile" replace /> },
      { path: 'profile', element: <AccountProfilePage /> },
      { path: 'security', element: <AccountSecurityPage /> },
    ],
  },
];

export const routes: RouteObject[] = [
  {
    path: '/',
    element: <RootLayout />,
    // Outside the layout: an error thrown by the header or footer themselves.
    errorElement: <RouteErrorPage />,
    children: [
      {
        // Inside the layout: a page's error keeps the header and footer.
        errorElement: <RouteErrorPage />,
        children: [
          ...publicRoutes,
          { element: <RequireAuth />, children: signedInRoutes },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
