import { isIP } from 'node:net';
import { z } from 'zod';

/**
 * The only place that reads process.env. Every variable has a working default or is optional,
 * so `npm start` runs with nothing set. A variable joins this list with the code that reads it.
 */
const emptyToUndefined = (v: unknown) => (v === '' ? undefined : v);
const optionalString = z.preprocess(emptyToUndefined, z.string().optional());
/** An address or CIDR range, or a range name proxy-addr knows (what Fastify's trustProxy accepts). */
const isProxyAddress = (a: string) => {
  const [address = '', bits, ...rest] = a.split('/');
  if (['loopback', 'linklocal', 'uniquelocal'].includes(a)) return true;
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  return bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= (version === 4 ? 32 : 128));
};
/** S3 storage is all or nothing: half a configuration stops the start instead of writing locally. */
const S3_REQUIRED = ['S3_ENDPOINT', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;

export const configSchema = z
  .object({
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().default('127.0.0.1'),
    DATA_DIR: z.string().default('./data'),
    DATABASE_URL: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must start with postgres://')
        .optional(),
    ),
    DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(10),
    /** How long a client has to send a whole request (headers and body); see app.ts. */
    HTTP_REQUEST_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
    /** The site's public address: links handed out (invite links) are built from it, never from Host. */
    PUBLIC_URL: z.preprocess(emptyToUndefined, z.url().default('http://localhost:3000')),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    /** Where contact messages go; the web shows it from GET /api/v1/config (nothing is baked in). */
    CONTACT_EMAIL: z.email().default('contato@acervo.app'),
    /** Google sign-in: the OAuth client id; 'Login com Google' shows only when it is set. */
    GOOGLE_CLIENT_ID: optionalString,
    /** Who signs Google ID tokens; `iss` must be this (or it without the scheme, as Google allows). */
    GOOGLE_ISSUER: z.preprocess(emptyToUndefined, z.url().default('https://accounts.google.com')),
    /** Google's signing keys (JWKS), fetched when a token names a key we do not hold, then cached. */
    GOOGLE_JWKS_URL: z.preprocess(
      emptyToUndefined,
      z.url().default('https://www.googleapis.com/oauth2/v3/certs'),
    ),
    /** Minimum time between two JWKS fetches, so tokens naming unknown keys cannot flood Google. */
    GOOGLE_JWKS_COOLDOWN_SECONDS: z.coerce.number().min(0).max(3600).default(30),
    /** Operators (comma-separated e-mails) who may read the page-view counts. */
    ADMIN_EMAILS: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .default('')
        .transform((v) =>
          v
            .split(',')
            .map((e) => e.trim().toLowerCase())
            .filter(Boolean),
        ),
    ),
    /** Captcha on registration, contact and recovery (and login with CAPTCHA_ON_LOGIN). */
    CAPTCHA_PROVIDER: z.enum(['altcha', 'recaptcha', 'off']).default('altcha'),
    /** The spec's remote flag google_recaptcha_enabled: the login form asks for the captcha too. */
    CAPTCHA_ON_LOGIN: z
      .enum(['true', 'false'])
      .default('false')
      .transform((v) => v === 'true'),
    /** reCAPTCHA's public site key (CAPTCHA_PROVIDER=recaptcha). */
    RECAPTCHA_SITE_KEY: optionalString,
    /** reCAPTCHA's secret, sent only to RECAPTCHA_VERIFY_URL (CAPTCHA_PROVIDER=recaptcha). */
    RECAPTCHA_SECRET_KEY: optionalString,
    /** Where reCAPTCHA tokens are verified (siteverify protocol); tests point it at a local stand-in. */
    RECAPTCHA_VERIFY_URL: z.preprocess(
      emptyToUndefined,
      z.url({ protocol: /^https?$/ }).default('https://www.google.com/recaptcha/api/siteverify'),
    ),
    /** Signs ALTCHA challenges; unset: a random key generated once and kept in DATA_DIR. */
    ALTCHA_HMAC_KEY: z.preprocess(emptyToUndefined, z.string().min(16).optional()),
    /** ALTCHA proof-of-work: PBKDF2 iterations per attempt, and the highest counter to find. */
    ALTCHA_COST: z.coerce.number().int().min(1).max(1_000_000).default(1000),
    ALTCHA_MAX_COUNTER: z.coerce.number().int().min(2).max(10_000_000).default(10_000),
    /** Contact messages per IP per hour. */
    CONTACT_RATE_LIMIT_PER_IP: z.coerce.number().int().min(1).default(5),
    /** Google Analytics 4; without it page views are counted by the API itself. */
    GA_MEASUREMENT_ID: optionalString,
    SESSION_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
    /** A session unused for this long stops working, whatever its lifetime left. */
    SESSION_IDLE_DAYS: z.coerce.number().int().min(1).max(365).default(14),
    /**
     * How long a process remembers who a token belongs to; an ended session is forgotten at once
     * on every process (decision 023). 0 asks the database on every request.
     */
    SESSION_CACHE_SECONDS: z.coerce.number().int().min(0).max(60).default(30),
    /** Per IP, on registration and login, per minute. */
    AUTH_RATE_LIMIT_PER_IP: z.coerce.number().int().min(1).default(20),
    /** Per account (e-mail) and address: failed logins per 15 minutes; also registrations per e-mail. */
    AUTH_RATE_LIMIT_PER_ACCOUNT: z.coerce.number().int().min(1).default(10),
    /** Per account, failed logins from every address per hour; then only addresses that have not failed, or signed in to it before, may try. */
    AUTH_FAILURES_PER_ACCOUNT: z.coerce.number().int().min(1).default(25),
    /** Password recovery requests per account and address per 30 minutes. */
    AUTH_RECOVERY_PER_ADDRESS: z.coerce.number().int().min(1).default(5),
    /** Password recovery requests per account from every address per 30 minutes; addresses that signed in to it are exempt. */
    AUTH_RECOVERY_PER_ACCOUNT: z.coerce.number().int().min(1).default(10),
    /**
     * Expensive reads (search, recommendations, statistics, taste in common) this process runs at
     * once; the others wait for a turn, so cheaper requests keep the database (decision 059).
     * Unset: 2 on PostgreSQL; 100 on the embedded database, whose thread serves the oldest
     * request's statements first instead (decision 080).
     */
    HEAVY_READS_AT_ONCE: z.coerce.number().int().min(1).max(100).optional(),
    /** Searches per person per minute (each keystroke pause of the search page is one). */
    SEARCHES_PER_MINUTE: z.coerce.number().int().min(1).default(120),
    /** Matches a search ranks at most (the first found); a word found in more places ranks a sample. */
    SEARCH_CANDIDATES: z.coerce.number().int().min(1).default(1000),
    /**
     * Items a person may copy per hour by saving collections and items (issue 23). Not counted in
     * ITEM_WRITES_PER_MINUTE, which would refuse every collection of more than 60 items: 1,000 is
     * one full collection an hour.
     */
    ITEMS_COPIED_PER_HOUR: z.coerce.number().int().min(1).default(1000),
    /** Data exports (`GET /user/{id}/export`) per person per hour. */
    ACCOUNT_EXPORTS_PER_HOUR: z.coerce.number().int().min(1).default(1),
    /** Per person, per 24 hours: new likes, follows (people and collections), saves, invites. */
    SOCIAL_DAILY_LIKES: z.coerce.number().int().min(1).default(500),
    SOCIAL_DAILY_FOLLOWS: z.coerce.number().int().min(1).default(200),
    SOCIAL_DAILY_SAVES: z.coerce.number().int().min(1).default(100),
    SOCIAL_DAILY_INVITES: z.coerce.number().int().min(1).default(50),
    /** Per person, per 24 hours: new blocks and mutes (together), and reports. */
    SOCIAL_DAILY_BLOCKS: z.coerce.number().int().min(1).default(100),
    SOCIAL_DAILY_REPORTS: z.coerce.number().int().min(1).default(20),
    /** Per person: new comments per 24 hours, and comments written or edited per minute (issue 26). */
    SOCIAL_DAILY_COMMENTS: z.coerce.number().int().min(1).default(200),
    COMMENTS_PER_MINUTE: z.coerce.number().int().min(1).default(10),
    /** Per person: new collections per 24 hours (each shows on category pages and followers' timelines). */
    SOCIAL_DAILY_COLLECTIONS: z.coerce.number().int().min(1).default(100),
    /** Per person, per minute: item additions, changes, deletions and reorders (then 429). */
    ITEM_WRITES_PER_MINUTE: z.coerce.number().int().min(1).default(60),
    /** Per person, per minute: changes and deletions of collections (then 429). */
    COLLECTION_WRITES_PER_MINUTE: z.coerce.number().int().min(1).default(30),
    /** Imports (issue 27): largest file in bytes (413), data rows per file (413), imports started per person per 24 hours (429), previews per person per minute (429). */
    IMPORT_MAX_BYTES: z.coerce
      .number()
      .int()
      .min(1024)
      .default(10 * 1024 * 1024),
    IMPORT_MAX_ROWS: z.coerce.number().int().min(1).default(20_000),
    IMPORTS_PER_DAY: z.coerce.number().int().min(1).default(5),
    /** Days a finished import's record (its plan: the whole file as parsed) is kept. */
    IMPORT_RETENTION_DAYS: z.coerce.number().int().min(1).default(30),
    IMPORT_PREVIEWS_PER_MINUTE: z.coerce.number().int().min(1).default(10),
    /** Collaborators a collection holds at most (then 409 COLLABORATORS_FULL): bounds its list and fan-out. */
    COLLABORATORS_PER_COLLECTION: z.coerce.number().int().min(1).default(100),
    /** People and collections one person follows at most, together (then 409 FOLLOWS_FULL): bounds "Seguindo"'s read. */
    FOLLOWS_PER_PERSON: z.coerce.number().int().min(1).default(5000),
    /** Lifetime of a collection's invite link. */
    INVITE_LINK_TTL_DAYS: z.coerce.number().int().min(1).max(90).default(7),
    /**
     * Whose `X-Forwarded-For` is believed for the client's address (per-IP limits, logs): `false`
     * (nobody), `true` (anybody: only when nothing but the proxy can reach the API), or the proxies'
     * addresses and ranges, e.g. `127.0.0.1` or `10.0.0.0/8,loopback` (decision 025).
     */
    TRUST_PROXY: z
      .string()
      .default('false')
      .transform((v) => (v === 'true' ? true : v === 'false' ? false : v.split(',').map((a) => a.trim())))
      .refine((v) => typeof v === 'boolean' || v.every(isProxyAddress), {
        message:
          'TRUST_PROXY must be true, false or comma-separated addresses (10.0.0.1, 10.0.0.0/8, loopback)',
      }),
    /** Names this API node in an `X-Acervo-Node` response header (several nodes behind a proxy). */
    API_NODE_NAME: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .regex(/^[A-Za-z0-9._-]{1,40}$/)
        .optional(),
    ),
    WEB_DIST_DIR: optionalString,
    /** Where profile photos are kept; `DATA_DIR/media` when unset and S3 is not configured. */
    MEDIA_DIR: optionalString,
    /**
     * Pictures declaring more pixels than this (read from the header, before decoding) are refused
     * (issue 23). 25: a 24-megapixel camera photo passes; renditions are at most 640 px wide.
     */
    MEDIA_MAX_MEGAPIXELS: z.coerce.number().int().min(1).max(40).default(25),
    /** Picture uploads (profile photo, item pictures, covers) per person per minute. */
    MEDIA_UPLOADS_PER_MINUTE: z.coerce.number().int().min(1).default(10),
    /** Pictures decoded at once by this process; the others wait up to MEDIA_DECODE_WAIT_SECONDS. */
    MEDIA_DECODE_CONCURRENCY: z.coerce.number().int().min(1).default(2),
    /** How long an upload waits for a decoding slot before 429 with Retry-After. */
    MEDIA_DECODE_WAIT_SECONDS: z.coerce.number().int().min(0).max(60).default(10),
    /** Signs the expiring URLs of private collections' pictures; `DATA_DIR/media-url-secret` when unset. */
    MEDIA_URL_SECRET: z.preprocess(emptyToUndefined, z.string().min(32).optional()),
    /** S3-compatible photo storage (path-style `${S3_ENDPOINT}/${S3_BUCKET}/key`), used instead of MEDIA_DIR. */
    S3_ENDPOINT: z.preprocess(emptyToUndefined, z.url({ protocol: /^https?$/ }).optional()),
    S3_BUCKET: optionalString,
    S3_REGION: z.preprocess(emptyToUndefined, z.string().default('us-east-1')),
    S3_ACCESS_KEY_ID: optionalString,
    S3_SECRET_ACCESS_KEY: optionalString,
    /** Seconds between rebuilds of the recommendation neighbours (the first runs at start). */
    RECOMMEND_REFRESH_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
    /** smtp://user:password@host:587 or smtps://…; without it mails are written as .eml files. */
    SMTP_URL: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .regex(/^smtps?:\/\//, 'SMTP_URL must start with smtp:// or smtps://')
        .optional(),
    ),
    /** The sender of every mail, e.g. `Acervo <nao-responda@acervo.app>`. */
    MAIL_FROM: z.string().min(3).default('Acervo <nao-responda@acervo.app>'),
    /**
     * DKIM signing of every mail (RFC 6376): the domain (`d=`, the sender's), the selector (`s=`:
     * the public key is published at `<selector>._domainkey.<domain>`) and a file holding the PEM
     * private key. All three or none.
     */
    MAIL_DKIM_DOMAIN: optionalString,
    MAIL_DKIM_SELECTOR: optionalString,
    MAIL_DKIM_PRIVATE_KEY_FILE: optionalString,
    /** Days a delivered mail stays in the outbox (failed ones twice as long); then it is deleted. */
    OUTBOX_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
    /** Seconds between looks for people due a digest by mail (issue 26). */
    DIGEST_INTERVAL_SECONDS: z.coerce.number().int().min(1).max(86400).default(300),
    /** People a digest run looks at, at most; the next run goes on. */
    DIGEST_BATCH_SIZE: z.coerce.number().int().min(1).max(10000).default(50),
  })
  .refine(
    (c) =>
      new Set(
        [c.MAIL_DKIM_DOMAIN, c.MAIL_DKIM_SELECTOR, c.MAIL_DKIM_PRIVATE_KEY_FILE].map((v) => v === undefined),
      ).size === 1,
    {
      path: ['MAIL_DKIM_DOMAIN'],
      message: 'DKIM needs MAIL_DKIM_DOMAIN, MAIL_DKIM_SELECTOR and MAIL_DKIM_PRIVATE_KEY_FILE together',
    },
  )
  .refine((c) => c.CAPTCHA_PROVIDER !== 'recaptcha' || c.RECAPTCHA_SITE_KEY !== undefined, {
    path: ['RECAPTCHA_SITE_KEY'],
    message: 'CAPTCHA_PROVIDER=recaptcha needs RECAPTCHA_SITE_KEY',
  })
  .refine((c) => c.CAPTCHA_PROVIDER !== 'recaptcha' || c.RECAPTCHA_SECRET_KEY !== undefined, {
    path: ['RECAPTCHA_SECRET_KEY'],
    message: 'CAPTCHA_PROVIDER=recaptcha needs RECAPTCHA_SECRET_KEY',
  })
  .refine(
    (c) => {
      const set = S3_REQUIRED.filter((k) => c[k] !== undefined).length;
      return set === 0 || set === S3_REQUIRED.length;
    },
    {
      path: ['S3_*'],
      message: `S3 photo storage needs all of ${S3_REQUIRED.join(', ')}, or none of them`,
    },
  );
export type Config = z.infer<typeof configSchema>;

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return parsed.data;
}

/** A config for tests: defaults plus overrides, without reading the process environment. */
export function testConfig(overrides: Partial<Record<keyof Config, string>> = {}): Config {
  return loadConfig({ LOG_LEVEL: 'silent', ...overrides });
}
