import { createHash, randomBytes } from 'node:crypto';

/** 256 random bits; only the SHA-256 is stored, so a database leak yields no usable token. */
export function newAccessToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function bearerToken(header: string | undefined): string | undefined {
  if (!header) return undefined;
  const match = /^Bearer\s+([A-Za-z0-9_-]{20,200})\s*$/i.exec(header);
  return match?.[1];
}

/**
 * Path segments after these carry a secret token: invite links (API and web), reset links and
 * e-mail verification links, the digest's unsubscribe page and a suspension's appeal page (at
 * the root only: the API's `/moderation/appeal/suspension` takes its token in the body). Also
 * URL-encoded, as the sign-in page's `?next=/invite/{token}` carries it.
 */
const TOKEN_SEGMENT = /((?:\/|%2F)(?:invite|reset|verify-email|unsubscribe)(?:\/|%2F)|^\/appeal\/)[^/?#&]+/gi;
/** Query parameters that carry a secret: tokens, and the signature of a private picture's URL. */
const TOKEN_PARAM = /([?&](?:token|access_token|code|s|sig|signature)=)[^&#]*/gi;

/** What a person typed to search (collections, people to mention): theirs, not the log's. */
const SEARCH_PARAM = /([?&]q=)[^&#]*/gi;

/**
 * A URL fit for a log line: whatever in it grants access is replaced (issue 14), and so is what
 * someone searched for.
 */
export function redactUrl(url: string): string {
  return url
    .replace(TOKEN_SEGMENT, '$1[redacted]')
    .replace(TOKEN_PARAM, '$1[redacted]')
    .replace(SEARCH_PARAM, '$1[redacted]');
}
