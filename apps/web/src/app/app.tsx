import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useCallback, useState, type ReactNode } from 'react';
import { RouterProvider } from 'react-router';
import { retriedOnFailuresOnly } from '../lib/api-client';
import { AuthProvider } from '../lib/auth';
import type { createAppRouter } from './router';

/** The app's answers cache: a query that failed is tried once more only if that may mend it. */
export const createQueryClient = () =>
  new QueryClient({
    defaultOptions: { queries: { retry: retriedOnFailuresOnly, refetchOnWindowFocus: false } },
  });

/**
 * Providers around the router: server state (react-query) and the session. The build's prerender
 * (src/prerender.tsx) puts the same ones around its static router, so the HTML it writes is what
 * the browser's first render draws.
 */
export function AppProviders({
  children,
  onSessionLost,
}: {
  children: ReactNode;
  onSessionLost?: () => void;
}) {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <AuthProvider onSessionLost={onSessionLost}>{children}</AuthProvider>
    </QueryClientProvider>
  );
}

/** The app in the browser; main.tsx creates the router in a task of its own (decision 036). */
export function App({ router }: { router: ReturnType<typeof createAppRouter> }) {
  const toLogin = useCallback(() => void router.navigate('/login'), [router]);
  return (
    // A signed call answering 401 means the session is gone: back to /login (spec section 6).
    <AppProviders onSessionLost={toLogin}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
