import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { RouterProvider } from 'react-router';
import { AuthProvider } from '../lib/auth';
import { createAppRouter } from './router';

/** Providers around the router: server state (react-query) and the session. */
export function App() {
  const [router] = useState(createAppRouter);
  const [queryClient] = useState(
    () => new QueryClient({ defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false } } }),
  );
  const toLogin = useCallback(() => void router.navigate('/login'), [router]);
  return (
    <QueryClientProvider client={queryClient}>
      {/* A signed call answering 401 means the session is gone: back to /login (spec section 6). */}
      <AuthProvider onSessionLost={toLogin}>
        <RouterProvider router={router} />
      </AuthProvider>
    </QueryClientProvider>
  );
}
