import { z } from 'zod';

/**
 * The only place that reads process.env. Every variable has a working default or is optional,
 * so `npm start` runs with nothing set. A variable joins this list with the code that reads it.
 */
const emptyToUndefined = (v: unknown) => (v === '' ? undefined : v);
const optionalString = z.preprocess(emptyToUndefined, z.string().optional());
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
    /** The site's public address: links handed out (invite links) are built from it, never from Host. */
    PUBLIC_URL: z.preprocess(emptyToUndefined, z.url().default('http://localhost:3000')),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    // The web build bakes this in (apps/web/vite.config.ts); `npm start` builds and serves with the
    // same environment, so a malformed address stops the start here.
    CONTACT_EMAIL: z.email().default('contato@acervo.app'),
    SESSION_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
    /** Per IP, on registration and login, per minute. */
    AUTH_RATE_LIMIT_PER_IP: z.coerce.number().int().min(1).default(20),
    /** Per account (e-mail), failed logins and registrations, per 15 minutes. */
    AUTH_RATE_LIMIT_PER_ACCOUNT: z.coerce.number().int().min(1).default(10),
    /** Per person, per 24 hours: new likes, follows (people and collections), saves, invites. */
    SOCIAL_DAILY_LIKES: z.coerce.number().int().min(1).default(500),
    SOCIAL_DAILY_FOLLOWS: z.coerce.number().int().min(1).default(200),
    SOCIAL_DAILY_SAVES: z.coerce.number().int().min(1).default(100),
    SOCIAL_DAILY_INVITES: z.coerce.number().int().min(1).default(50),
    /** Per person, per minute: item additions, changes, deletions and reorders (then 429). */
    ITEM_WRITES_PER_MINUTE: z.coerce.number().int().min(1).default(60),
    /** Lifetime of a collection's invite link. */
    INVITE_LINK_TTL_DAYS: z.coerce.number().int().min(1).max(90).default(7),
    TRUST_PROXY: z
      .enum(['true', 'false'])
      .default('false')
      .transform((v) => v === 'true'),
    WEB_DIST_DIR: optionalString,
    /** Where profile photos are kept; `DATA_DIR/media` when unset and S3 is not configured. */
    MEDIA_DIR: optionalString,
    /** S3-compatible photo storage (path-style `${S3_ENDPOINT}/${S3_BUCKET}/key`), used instead of MEDIA_DIR. */
    S3_ENDPOINT: z.preprocess(emptyToUndefined, z.url({ protocol: /^https?$/ }).optional()),
    S3_BUCKET: optionalString,
    S3_REGION: z.preprocess(emptyToUndefined, z.string().default('us-east-1')),
    S3_ACCESS_KEY_ID: optionalString,
    S3_SECRET_ACCESS_KEY: optionalString,
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
