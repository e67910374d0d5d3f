import type { PublicConfig } from '@acervo/contract/config';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { AuthProvider } from '../lib/auth';
import { DEFAULT_CONFIG } from '../lib/remote-config';
import { sessionUserFrom, writeStoredSession } from '../lib/session-storage';

/**
 * Renders a component at `/` inside the providers the app gives it. Other paths render a marker
 * so a test can see where a form navigated to. `client` lets a test start with answers cached.
 */
export function renderWithProviders(
  ui: ReactNode,
  {
    path = '/',
    at = '/',
    client = testQueryClient(),
  }: { path?: string; at?: string; client?: QueryClient } = {},
) {
  const router = createMemoryRouter(
    [
      { path, element: ui },
      { path: '*', element: <p data-testid="navigated" /> },
    ],
    { initialEntries: [at] },
  );
  const user = userEvent.setup();
  const result = render(
    <QueryClientProvider client={client}>
      <AuthProvider>
        <RouterProvider router={router} />
      </AuthProvider>
    </QueryClientProvider>,
  );
  return { ...result, user, router, client };
}

/** A fresh cache per test, without retries, so a stubbed failure shows at once. */
export function testQueryClient() {
  return new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
}

/** A session as `POST /session` and `POST /registration` answer it. */
export const testSession = {
  access_token: 'tok',
  user_id: 'u1',
  user_name: 'Ana',
  user_email: 'ana@example.com',
  user_picture: null,
  user_email_verified: true,
  expires_at: '2030-01-01T00:00:00.000Z',
};

/** `testSession`'s person signed in, as with "Lembrar" (kept in localStorage). */
export const signInTestSession = () => writeStoredSession(sessionUserFrom(testSession), true);

/** The account of `testSession`'s person, every field filled in, as `GET /user/{id}` answers it. */
export const testAccount = {
  id: testSession.user_id,
  name: 'Ana Souza',
  picture: null,
  total_collections: 0,
  total_followers: 0,
  total_likes: 0,
  email: 'ana@example.com',
  alias_name: 'Ana',
  cellular: '(11) 91234-5678',
  birthday: '1990-02-07',
  address: 'Rua Augusta, 100',
  country: 'Brasil',
  state: 'São Paulo',
  city: 'São Paulo',
  postal_code: '01310-100',
};

let remoteConfig: PublicConfig = DEFAULT_CONFIG;

/** What `GET /api/v1/config` answers under `stubFetch` (the safe defaults unless a test says). */
export function stubRemoteConfig(overrides: Partial<PublicConfig> = {}): void {
  remoteConfig = { ...DEFAULT_CONFIG, ...overrides };
}

/** The paths `POST /api/v1/pageview` received under the current `stubFetch`. */
export const pageViewsSent: string[] = [];

/**
 * How the live bell's stream (`/api/v1/notification/stream`) is answered, aside from the queue:
 * unavailable unless a test hands out a stream of its own (`liveStream`).
 */
let liveStreamAnswer: () => Response = () => new Response(null, { status: 503 });

/** Answers the live bell's stream (call after `stubFetch`) with the chunks the test pushes. */
export function liveStream() {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({ start: (c) => void (controller = c) });
  liveStreamAnswer = () => new Response(body, { headers: { 'content-type': 'text/event-stream' } });
  return { push: (text: string) => controller.enqueue(new TextEncoder().encode(text)) };
}

/** A stubbed answer; with `gate`, it is held back until the promise settles (a slow network). */
export type StubResponse = { status: number; body?: unknown; gate?: Promise<unknown> };

/** A promise to pass as `gate`, and the function that lets the held answer through. */
export function gate() {
  let open!: () => void;
  const promise = new Promise<void>((resolve) => (open = resolve));
  return { promise, open };
}

/**
 * Answers the next fetch calls with these JSON responses, in order (the network, not our code).
 * The real fetch is back after each test (vitest.setup.ts).
 */
export function stubFetch(...responses: Array<StubResponse | Error>) {
  const calls: Array<{ url: string; init: RequestInit | undefined }> = [];
  const queue = [...responses];
  pageViewsSent.length = 0;
  liveStreamAnswer = () => new Response(null, { status: 503 });
  const fake = async (url: string | URL | Request, init?: RequestInit) => {
    if (String(url) === '/api/v1/notification/stream') return liveStreamAnswer();
    // Any component may read the deployment's settings; they are answered aside from the queue.
    if (String(url) === '/api/v1/config') return Response.json({ data: remoteConfig });
    // So are the page views the root layout reports on every route change.
    if (String(url) === '/api/v1/pageview') {
      pageViewsSent.push((JSON.parse(String(init?.body)) as { path: string }).path);
      return Response.json({ data: { counted: true } }, { status: 202 });
    }
    calls.push({ url: String(url), init });
    const next = queue.shift();
    if (!next) throw new Error('unexpected fetch');
    if (next instanceof Error) throw next;
    await next.gate;
    return new Response(next.body === undefined ? null : JSON.stringify(next.body), {
      status: next.status,
      headers: { 'content-type': 'application/json' },
    });
  };
  globalThis.fetch = fake as typeof fetch;
  return calls;
}
