import type { Session } from '@acervo/contract/auth';
import { issue } from '@acervo/contract/validation';
import type { Db, Queryable } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { newId } from '../../lib/ids.ts';
import { burnPasswordCheck, hashPassword, verifyPassword } from '../../lib/passwords.ts';
import { hashToken, newAccessToken } from '../../lib/tokens.ts';

export interface AuthOptions {
  sessionTtlDays: number;
}

interface UserRow {
  id: string;
  name: string;
  email: string;
}

/** The one place a session starts: password login, registration and Google sign-in all end here. */
export async function createSession(
  db: Queryable,
  user: UserRow & { picture: string | null },
  ttlDays: number,
): Promise<Session> {
  const token = newAccessToken();
  const expiresAt = new Date(Date.now() + ttlDays * 86_400_000);
  await db.query('INSERT INTO sessions (token_hash, user_id, expires_at) VALUES ($1, $2, $3)', [
    hashToken(token),
    user.id,
    expiresAt,
  ]);
  return {
    access_token: token,
    user_id: user.id,
    user_name: user.name,
    user_email: user.email,
    user_picture: user.picture,
    expires_at: expiresAt.toISOString(),
  };
}

export const emailTaken = () =>
  new AppError(409, 'EMAIL_TAKEN', 'E-mail já cadastrado. Por favor, verifique e tente novamente.', {
    email: issue.emailTaken,
  });

/** `email` arrives trimmed and lower-cased from the contract schema. */
export async function register(
  db: Db,
  input: { name: string; email: string; password: string; locale?: 'pt' | 'en' | undefined },
  options: AuthOptions,
): Promise<Session> {
  const existing = await db.query('SELECT 1 FROM users WHERE email = $1', [input.email]);
  if (existing.length > 0) throw emailTaken();
  const passwordHash = await hashPassword(input.password);
  const user = { id: newId(), name: input.name, email: input.email, picture: null };
  try {
    return await db.transaction(async (tx) => {
      await tx.query(
        'INSERT INTO users (id, name, email, password_hash, locale) VALUES ($1, $2, $3, $4, $5)',
        [user.id, user.name, user.email, passwordHash, input.locale ?? 'pt'],
      );
      return createSession(tx, user, options.sessionTtlDays);
    });
  } catch (err) {
    // Two registrations racing for the same e-mail: the unique index decides.
    if ((err as { code?: string }).code === '23505') throw emailTaken();
    throw err;
  }
}

export const invalidCredentials = () =>
  new AppError(
    401,
    'INVALID_CREDENTIALS',
    'Não foi possível realizar o login. Verique se os dados informados estão corretos e tente novamente.',
  );

/** Same answer, and about the same time, for an unknown e-mail and a wrong password. */
export async function login(
  db: Db,
  input: { email: string; password: string },
  options: AuthOptions,
): Promise<Session> {
  const [row] = await db.query<UserRow & { picture: string | null; password_hash: string | null }>(
    'SELECT id, name, email, picture, password_hash FROM users WHERE email = $1',
    [input.email],
    'user_by_email',
  );
  if (!row?.password_hash) {
    await burnPasswordCheck(input.password);
    throw invalidCredentials();
  }
  if (!(await verifyPassword(row.password_hash, input.password))) throw invalidCredentials();
  return createSession(db, row, options.sessionTtlDays);
}

/** The user a live (unexpired, unrevoked) session belongs to; the authentication plugin asks. */
export async function sessionUser(db: Queryable, tokenHash: string): Promise<UserRow | undefined> {
  const [row] = await db.query<UserRow>(
    `SELECT u.id, u.name, u.email
     FROM sessions s JOIN users u ON u.id = s.user_id
     WHERE s.token_hash = $1 AND s.expires_at > now()`,
    [tokenHash],
    'session_lookup',
  );
  return row;
}

export async function logout(db: Queryable, tokenHash: string): Promise<void> {
  await db.query('DELETE FROM sessions WHERE token_hash = $1', [tokenHash]);
}

/** Expired sessions are useless; dropping them keeps the table small. */
export async function purgeExpiredSessions(db: Queryable): Promise<number> {
  const rows = await db.query('DELETE FROM sessions WHERE expires_at <= now() RETURNING 1');
  return rows.length;
}
