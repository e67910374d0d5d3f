import { useSearchParams } from 'react-router';

/** Any origin will do: only whether a path stays on it matters. */
const HERE = 'https://acervo.invalid';

/**
 * `raw` as a path on this site to return to after signing in, or null. Only same-origin paths
 * pass: `//evil.example`, `/\evil.example`, `https://…` and `javascript:` would make the sign-in
 * page an open redirect (decision 029).
 */
export function safeReturnPath(raw: string | null | undefined): string | null {
  if (!raw?.startsWith('/')) return null;
  let url: URL;
  try {
    // The URL parser drops tabs and newlines and reads `\` as `/`, as the browser will.
    url = new URL(raw, HERE);
  } catch {
    return null;
  }
  return url.origin === HERE ? url.pathname + url.search + url.hash : null;
}

/** Where the sign-in or registration page was asked to return to (`?next=`), if anywhere safe. */
export function useReturnTo(): string | null {
  const [params] = useSearchParams();
  return safeReturnPath(params.get('next'));
}

/** `page` (/login, /register) asked to return to `next` afterwards. */
export function withReturnTo(page: string, next: string | null): string {
  return next ? `${page}?${new URLSearchParams({ next }).toString()}` : page;
}
