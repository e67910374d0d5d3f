import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { Writable } from 'node:stream';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { inject } from 'vitest';
import { buildApp } from '../app.ts';
import { openDb, type Db } from '../db/client.ts';
import { migrate } from '../db/migrate.ts';
import { createScratchDatabase } from '../db/scratch-database.ts';
import { testConfig, type Config } from '../env.ts';

/**
 * One database per worker, a copy of the suite's migrated template (global-setup.ts), handed to each
 * of its files empty: PGlite in memory by default, or a database on the PostgreSQL server named by
 * TEST_DATABASE_URL (set by scripts/with-postgres.mjs). Tests reset data with `reset()`
 * (deletes), never with a new instance.
 */
export interface TestContext {
  db: Db;
  /** An app with test defaults (high rate limits, silent logs) over the shared database. */
  app: FastifyInstance;
  /** Builds another app over the same database, e.g. with low rate limits or captured logs. */
  buildApp(overrides?: Partial<Record<keyof Config, string>>, logs?: string[]): Promise<FastifyInstance>;
  /** A request to `app`, as `who` (signed in) or anonymously, with an optional JSON body. */
  request(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    who?: { auth: { authorization: string } },
    payload?: object,
  ): Promise<LightMyRequestResponse>;
  /** Empties every table except reference data (categories) and migrations. */
  reset(): Promise<void>;
  /** Closes the apps (the worker's next file takes the database over). */
  close(): Promise<void>;
}

// No captcha unless a test turns it on (captcha.test.ts, contact.test.ts), so other suites post bare forms.
export const TEST_DEFAULTS = {
  AUTH_RATE_LIMIT_PER_IP: '10000',
  AUTH_RATE_LIMIT_PER_ACCOUNT: '10000',
  // Set, so no test writes the development secret file under ./data.
  MEDIA_URL_SECRET: randomBytes(32).toString('base64url'),
  CAPTCHA_PROVIDER: 'off',
  // Tests add many items as one person; the limit has its own test with a low value.
  ITEM_WRITES_PER_MINUTE: '10000',
};
const KEEP_TABLES = new Set(['schema_migrations', 'categories']);

/**
 * The database of this worker. The API files run without isolation (vitest.config.ts), one after
 * another in each worker's module graph, so they share it: the first file copies it from the
 * template, each file after that starts with it emptied, and it goes with the worker's process.
 */
let workerDatabase: Promise<Db> | undefined;

async function openWorkerDatabase(): Promise<Db> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  // Every worker starts from the template global-setup.ts migrated once.
  const template = inject('migratedTemplate');
  let db: Db;
  if (adminUrl) {
    if (template.engine !== 'postgres') throw new Error('the template is not a PostgreSQL database');
    // Named after the template, so the suite's teardown drops it with the template.
    const scratch = await createScratchDatabase(adminUrl, template.database, template.database);
    db = await openDb({ databaseUrl: scratch.url, poolSize: 5 });
  } else {
    if (template.engine !== 'pglite') throw new Error('the template is not a PGlite data directory');
    const tarball = new Blob([readFileSync(template.tarball)], { type: 'application/x-gzip' });
    db = await openDb({ restoreFrom: tarball });
  }
  // Finds every migration applied; kept so a file can never run on a schema behind the code.
  await migrate(db);
  return db;
}

/**
 * Empties every table except reference data (categories) and migrations: deletes under
 * `session_replication_role = replica`, so no foreign key or trigger does work on the way
 * (decision 069; a truncation gave every table a new file).
 */
async function emptyTables(db: Db): Promise<void> {
  const tables = await db.query<{ tablename: string }>(
    "SELECT tablename FROM pg_tables WHERE schemaname = 'public'",
  );
  const deletes = tables
    .map((t) => t.tablename)
    .filter((t) => !KEEP_TABLES.has(t))
    .map((t) => `DELETE FROM "${t}";`);
  // Work a test left running (the live events' fan-out to open streams) may still write while
  // the reset goes from table to table; PostgreSQL may then end one of the two with a deadlock
  // (40P01). The transaction is rolled back and tried again.
  for (let attempt = 1; ; attempt++) {
    try {
      await db.transaction((tx) =>
        tx.exec(`SET LOCAL session_replication_role = replica; ${deletes.join(' ')}`),
      );
      return;
    } catch (err) {
      if (attempt >= 3 || (err as { code?: string }).code !== '40P01') throw err;
    }
  }
}

export async function createTestContext(): Promise<TestContext> {
  const opened = workerDatabase !== undefined;
  workerDatabase ??= openWorkerDatabase();
  const db = await workerDatabase;
  // What the worker's earlier files left.
  if (opened) await emptyTables(db);

  const apps: FastifyInstance[] = [];
  const build = async (overrides: Partial<Record<keyof Config, string>> = {}, logs?: string[]) => {
    const logStream = logs
      ? new Writable({
          write(chunk: Buffer, _enc, done) {
            logs.push(chunk.toString());
            done();
          },
        })
      : undefined;
    const app = await buildApp({
      config: testConfig({ ...TEST_DEFAULTS, ...(logs ? { LOG_LEVEL: 'trace' } : {}), ...overrides }),
      db,
      ...(logStream ? { logStream } : {}),
    });
    await app.ready();
    apps.push(app);
    return app;
  };
  const app = await build();

  return {
    db,
    app,
    buildApp: build,
    request: (method, url, who, payload) =>
      app.inject({ method, url, ...(who ? { headers: who.auth } : {}), ...(payload ? { payload } : {}) }),
    async reset() {
      await emptyTables(db);
      // The reset goes behind the apps' backs: no shared category page may outlive the data.
      for (const a of apps) a.categoryPages.clear();
    },
    async close() {
      for (const a of apps) await a.close();
    },
  };
}

let counter = 0;
/** A unique, valid registration body. */
export function newAccount(overrides: Partial<{ name: string; email: string; password: string }> = {}) {
  counter += 1;
  const password = overrides.password ?? `Senha${counter}segura`;
  return {
    name: overrides.name ?? `Pessoa ${counter}`,
    email: overrides.email ?? `pessoa${counter}.${randomBytes(3).toString('hex')}@exemplo.com.br`,
    password,
    password_confirmation: password,
  };
}

/** Registers a new account and returns its session plus an Authorization header. */
export async function signUp(app: FastifyInstance, overrides: Parameters<typeof newAccount>[0] = {}) {
  const body = newAccount(overrides);
  const res = await app.inject({ method: 'POST', url: '/api/v1/registration', payload: body });
  if (res.statusCode !== 201) throw new Error(`sign-up failed: ${res.statusCode} ${res.body}`);
  const session = res.json().data as {
    access_token: string;
    user_id: string;
    user_name: string;
    user_email: string;
  };
  return { ...session, password: body.password, auth: { authorization: `Bearer ${session.access_token}` } };
}

/**
 * The token of the newest verification link mailed to `email`, read from the outbox before the
 * worker delivers it (suites without an SMTP inbox). `${PUBLIC_URL}/verify-email/{token}`.
 */
export async function verificationToken(db: Db, email: string): Promise<string> {
  const [mail] = await db.query<{ body_text: string | null }>(
    `SELECT body_text FROM mail_outbox WHERE to_address = $1 AND template = 'email_verification'
     ORDER BY created_at DESC LIMIT 1`,
    [email],
  );
  const token = /\/verify-email\/([A-Za-z0-9_-]+)/.exec(mail?.body_text ?? '')?.[1];
  if (!token) throw new Error(`no verification mail to ${email}`);
  return token;
}

/** Verifies the account's e-mail the way its owner does: with the link mailed at registration. */
export async function verifyEmailOf(app: FastifyInstance, db: Db, email: string): Promise<void> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/email/verify',
    payload: { token: await verificationToken(db, email) },
  });
  if (res.statusCode !== 200) throw new Error(`verification failed: ${res.statusCode} ${res.body}`);
}

/**
 * For suites about other mails: drops the verification mails registrations queued, so the next
 * mail to a person is the one the suite is about.
 */
export async function setAsideVerificationMails(db: Db): Promise<void> {
  await db.query("DELETE FROM mail_outbox WHERE template = 'email_verification'");
}
