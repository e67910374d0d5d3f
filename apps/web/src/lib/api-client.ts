import type { ErrorCode } from '@acervo/contract/errors';
import { readStoredSession } from './session-storage';

/** A failed call: an HTTP status with the API's error code, or status 0 when nothing came back. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode | undefined,
    message: string,
    readonly fields?: Record<string, string>,
    /** What the message is worded with (`ErrorBody['error']['params']`). */
    readonly params?: Record<string, string | number>,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/**
 * Whether a query that failed is tried once more: only a failure a second try may mend (no answer,
 * status 0 here, or a 5xx). A refusal (401, 403, 404, 429...) is the answer, and shows at once
 * instead of after the retry's second of waiting.
 */
export const retriedOnFailuresOnly = (failures: number, error: unknown) =>
  !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failures < 1;

let onUnauthorized: () => void = () => {};

/** The auth provider decides what a 401 on a signed call means (sign out, go to /login). */
export function setUnauthorizedHandler(handler: () => void): void {
  onUnauthorized = handler;
}

export type RequestOptions = {
  body?: unknown;
  signal?: AbortSignal;
  /**
   * A creating write the API accepts an `Idempotency-Key` on (the contract's `idempotencyHeaders`):
   * one key per call, that is per user action, sent again on the retries after no answer or a 503,
   * so the write happens once however often it is sent (issue 14).
   */
  idempotent?: boolean;
};

/** Retries of an idempotent write, and the longest wait before one (a 503's Retry-After). */
const RETRIES = 2;
const MAX_RETRY_WAIT_MS = 5_000;
const RETRY_WAIT_MS = 1_000;

/**
 * A version 4 UUID. `crypto.randomUUID` exists only in secure contexts (HTTPS, localhost), and a
 * server reached over plain HTTP on a local network is not one; `getRandomValues` always exists.
 */
function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** Waits before the next try; a 503 says how long in Retry-After (seconds). */
function retryWait(response: Response | null): Promise<void> {
  const seconds = Number(response?.headers.get('retry-after'));
  const ms =
    Number.isFinite(seconds) && seconds > 0 ? Math.min(seconds * 1000, MAX_RETRY_WAIT_MS) : RETRY_WAIT_MS;
  return new Promise((resolve) => setTimeout(resolve, ms));
}

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
  if (options.idempotent) headers['idempotency-key'] = newIdempotencyKey();
  const body =
    options.body === undefined
      ? undefined
      : isForm
        ? (options.body as FormData)
        : JSON.stringify(options.body);

  let response: Response | null = null;
  for (let attempt = 0; ; attempt += 1) {
    try {
      response = await fetch(`/api/v1${path}`, { method, headers, body, signal: options.signal });
    } catch (err) {
      if (err instanceof DOMException && err.name === 'AbortError') throw err;
      response = null;
    }
    // Only a keyed write is tried again: the server answers a repeat of the key with the first
    // answer, so a write whose answer was lost (or that met a database outage) is not doubled.
    const retryable = response === null || response.status === 503;
    if (!options.idempotent || !retryable || attempt === RETRIES) break;
    await retryWait(response);
  }
  if (response === null) throw new ApiError(0, undefined, 'Network error');

  if (!response.ok) {
    const payload: unknown = await response.json().catch(() => null);
    const error = (
      payload as {
        error?: {
          code?: ErrorCode;
          message?: string;
          fields?: Record<string, string>;
          params?: Record<string, string | number>;
        };
      }
    )?.error;
    if (response.status === 401 && token) onUnauthorized();
    throw new ApiError(
      response.status,
      error?.code,
      error?.message ?? response.statusText,
      error?.fields,
      error?.params,
    );
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
  /** A creating write, sent with an Idempotency-Key and retried with it (see RequestOptions). */
  create: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    apiRequest<T>('POST', path, { ...options, body, idempotent: true }),
  put: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    apiRequest<T>('PUT', path, { ...options, body }),
  delete: <T>(path: string, options?: RequestOptions) => apiRequest<T>('DELETE', path, options),
  download: apiDownload,
};
