import { z } from 'zod';

/**
 * The only place that reads process.env. Every variable has a working default or is optional,
 * so `npm start` runs with nothing set.
 */
const emptyToUndefined = (v: unknown) => (v === '' ? undefined : v);
const optionalString = z.preprocess(emptyToUndefined, z.string().optional());
const optionalUrl = z.preprocess(emptyToUndefined, z.url().optional());

export const configSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
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
  PUBLIC_URL: z.preprocess(emptyToUndefined, z.url().default('http://localhost:3000')),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
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
  /** Lifetime of a collection's invite link. */
  INVITE_LINK_TTL_DAYS: z.coerce.number().int().min(1).max(90).default(7),
  TRUST_PROXY: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  WEB_DIST_DIR: optionalString,
  SMTP_URL: optionalUrl,
  MAIL_FROM: z.string().default('Acervo <nao-responda@acervo.app>'),
  CAPTCHA_PROVIDER: z.enum(['altcha', 'recaptcha', 'off']).default('altcha'),
  RECAPTCHA_SITE_KEY: optionalString,
  RECAPTCHA_SECRET: optionalString,
  GOOGLE_CLIENT_ID: optionalString,
  GOOGLE_ISSUER: z.string().default('https://accounts.google.com'),
  GOOGLE_JWKS_URL: z.url().default('https://www.googleapis.com/oauth2/v3/certs'),
  GA_MEASUREMENT_ID: optionalString,
  REDIS_URL: optionalUrl,
  S3_ENDPOINT: optionalUrl,
  S3_BUCKET: optionalString,
  S3_REGION: optionalString,
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
});
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
  return loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', ...overrides });
}
