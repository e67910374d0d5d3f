import type { ErrorCode } from '@acervo/contract/errors';
import { readStoredSession } from './session-storage';

/** A failed call: an HTTP status with the API's error code, or status 0 when nothing came back. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode | undefined,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

let onUnauthorized: () => void = () => {};

/** The auth provider decides what a 401 on a signed call means (sign out, go to /login). */
export function setUnauthorizedHandler(handler: () => void): void {
  onUnauthorized = handler;
}

export type RequestOptions = { body?: unknown; signal?: AbortSignal };

/**
 * The one way the web app talks to the API: JSON in and out, the Bearer token when signed in,
 * and `{ data }` unwrapped. A 401 on a call that carried a token signs the user out (spec 6).
 */
export async function apiRequest<T>(method: string, path: string, options: RequestOptions = {}): Promise<T> {
  const payload = await send(method, path, options);
  return (payload as { data?: T } | null)?.data as T;
}

/**
 * A GET of a paginated listing, returned as the contract's page (`{ data, next_cursor }`, e.g.
 * `CollectionPage`): pass `next_cursor` back as `cursor` for the next page. `cursor` is appended
 * to `path`'s own query string.
 */
async function apiPage<P extends { next_cursor: string | null }>(
  path: string,
  cursor?: string | null,
  options: RequestOptions = {},
): Promise<P> {
  const url = cursor ? `${path}${path.includes('?') ? '&' : '?'}cursor=${encodeURIComponent(cursor)}` : path;
  return (await send('GET', url, options)) as P;
}

/**
 * The request itself: JSON (or a FormData upload, whose multipart boundary the browser sets), the
 * Bearer token when signed in, and a failed answer turned into an ApiError.
 */
async function fetchApi(method: string, path: string, options: RequestOptions): Promise<Response> {
  // Storage is the source of truth, so a call made right after sign-in is already signed.
  const token = readStoredSession()?.token ?? null;
  const headers: Record<string, string> = { accept: 'application/json' };
  const isForm = options.body instanceof FormData;
  if (options.body !== undefined && !isForm) headers['content-type'] = 'application/json';
  if (token) headers.authorization = `Bearer ${token}`;

  let response: Response;
  try {
    response = await fetch(`/api/v1${path}`, {
      method,
      headers,
      body:
        options.body === undefined
          ? undefined
          : isForm
            ? (options.body as FormData)
            : JSON.stringify(options.body),
      signal: options.signal,
    });
  } catch (err) {
    if (err instanceof DOMException && err.name === 'AbortError') throw err;
    throw new ApiError(0, undefined, 'Network error');
  }

  if (!response.ok) {
    const payload: unknown = await response.json().catch(() => null);
    const error = (
      payload as { error?: { code?: ErrorCode; message?: string; fields?: Record<string, string> } }
    )?.error;
    if (response.status === 401 && token) onUnauthorized();
    throw new ApiError(response.status, error?.code, error?.message ?? response.statusText, error?.fields);
  }
  return response;
}

async function send(method: string, path: string, options: RequestOptions): Promise<unknown> {
  const response = await fetchApi(method, path, options);
  return response.json().catch(() => null);
}

/** A file the API hands out as an attachment (e.g. the data export), with the name it suggests. */
async function apiDownload(path: string): Promise<{ blob: Blob; filename: string | null }> {
  const response = await fetchApi('GET', path, {});
  const disposition = response.headers.get('content-disposition') ?? '';
  return { blob: await response.blob(), filename: /filename="([^"]+)"/.exec(disposition)?.[1] ?? null };
}

export const api = {
  get: <T>(path: string, options?: RequestOptions) => apiRequest<T>('GET', path, options),
  page: apiPage,
  post: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    apiRequest<T>('POST', path, { ...options, body }),
  put: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    apiRequest<T>('PUT', path, { ...options, body }),
  delete: <T>(path: string, options?: RequestOptions) => apiRequest<T>('DELETE', path, options),
  download: apiDownload,
};
