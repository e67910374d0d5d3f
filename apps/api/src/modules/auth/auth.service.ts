import type { Session, SessionInfo } from '@acervo/contract/auth';
import { issue } from '@acervo/contract/validation';
import type { Db, Queryable } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { newId } from '../../lib/ids.ts';
import { burnPasswordCheck, hashPassword, verifyPassword } from '../../lib/passwords.ts';
import { hashToken, newAccessToken } from '../../lib/tokens.ts';
import { enqueueVerificationMail } from '../email/email.service.ts';
import type { SessionUser } from './session-cache.ts';
import { accountSuspended } from '../access/access.policy.ts';
import { accountActive } from '../access/access.sql.ts';
import { assertNoBlockedTerms } from '../moderation/blocked-terms.ts';
import { KNOWN_ADDRESS_DAYS } from './attempts.service.ts';

export interface AuthOptions {
  sessionTtlDays: number;
}

/** Registration also mails the verification link, built from PUBLIC_URL. */
export interface RegistrationOptions extends AuthOptions {
  publicUrl: string;
}

/** Who is signing in from where, kept with the session so the person can tell devices apart. */
export interface ClientInfo {
  userAgent?: string | undefined;
}

/** Enough of a User-Agent to recognise a device; the rest is noise. */
const USER_AGENT_MAX = 200;

interface UserRow {
  id: string;
  name: string;
  email: string;
}

/** The one place a session starts: password login, registration and Google sign-in all end here. */
export async function createSession(
  db: Queryable,
  user: UserRow & { picture: string | null; email_verified: boolean },
  ttlDays: number,
  client: ClientInfo = {},
): Promise<Session> {
  const token = newAccessToken();
  const expiresAt = new Date(Date.now() + ttlDays * 86_400_000);
  // A suspended account starts no session, whichever way it signs in.
  const inserted = await db.query(
    `INSERT INTO sessions (id, token_hash, user_id, expires_at, user_agent)
     SELECT $1, $2, u.id, $4, $5 FROM users u WHERE u.id = $3 AND ${accountActive('u')}
     RETURNING 1`,
    [newId(), hashToken(token), user.id, expiresAt, client.userAgent?.slice(0, USER_AGENT_MAX) ?? null],
    'session_insert',
  );
  if (inserted.length === 0) throw accountSuspended();
  return {
    access_token: token,
    user_id: user.id,
    user_name: user.name,
    user_email: user.email,
    user_picture: user.picture,
    user_email_verified: user.email_verified,
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
  options: RegistrationOptions,
  client: ClientInfo = {},
): Promise<Session> {
  await assertNoBlockedTerms(db, { name: input.name });
  const existing = await db.query('SELECT 1 FROM users WHERE email = $1', [input.email]);
  if (existing.length > 0) throw emailTaken();
  const passwordHash = await hashPassword(input.password);
  const user = { id: newId(), name: input.name, email: input.email, picture: null };
  const locale = input.locale ?? 'pt';
  try {
    return await db.transaction(async (tx) => {
      await tx.query(
        'INSERT INTO users (id, name, email, password_hash, locale) VALUES ($1, $2, $3, $4, $5)',
        [user.id, user.name, user.email, passwordHash, locale],
      );
      // Signed in at once (as before); the address is verified later, by the mailed link.
      await enqueueVerificationMail(tx, { ...user, locale }, options.publicUrl);
      return createSession(tx, { ...user, email_verified: false }, options.sessionTtlDays, client);
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
  client: ClientInfo = {},
): Promise<Session> {
  const [row] = await db.query<
    UserRow & { picture: string | null; password_hash: string | null; email_verified: boolean }
  >(
    `SELECT id, name, email, picture, password_hash, email_verified_at IS NOT NULL AS email_verified
     FROM users WHERE email = $1`,
    [input.email],
    'user_by_email_verified',
  );
  if (!row?.password_hash) {
    await burnPasswordCheck(input.password);
    throw invalidCredentials();
  }
  if (!(await verifyPassword(row.password_hash, input.password))) throw invalidCredentials();
  return createSession(db, row, options.sessionTtlDays, client);
}

/** How often a session's last use is written: often enough for the idle timeout, rarely enough for reads. */
const LAST_SEEN_PRECISION_SECONDS = 3600;

/**
 * The user a live session belongs to: not expired, not revoked, and used within the idle
 * timeout. The authentication plugin asks when its cache (session-cache.ts) does not know the
 * token; the last use is written at most hourly, so reads stay reads.
 */
export async function sessionUser(
  db: Queryable,
  tokenHash: string,
  idleDays: number,
): Promise<SessionUser | undefined> {
  const [row] = await db.query<UserRow & { session_id: string; expires_at: Date; stale: boolean }>(
    `SELECT u.id, u.name, u.email, s.id AS session_id, s.expires_at,
       s.last_seen_at < now() - make_interval(secs => $3) AS stale
     FROM sessions s JOIN users u ON u.id = s.user_id
     WHERE s.token_hash = $1 AND s.expires_at > now() AND ${accountActive('u')}
       AND s.last_seen_at > now() - make_interval(days => $2)`,
    [tokenHash, idleDays, LAST_SEEN_PRECISION_SECONDS],
    'session_lookup',
  );
  if (!row) return undefined;
  if (row.stale) {
    await db.query(
      'UPDATE sessions SET last_seen_at = now() WHERE token_hash = $1',
      [tokenHash],
      'session_seen',
    );
  }
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    sessionId: row.session_id,
    expiresAt: row.expires_at.getTime(),
  };
}

/**
 * Sessions listed at most: sign-ins can pile them up for their lifetime, and the list stays a page
 * (the asking one always in it; "sair de todos os outros" ends the rest).
 */
export const SESSIONS_LISTED = 50;

/** A person's live sessions, newest use first; `current` marks the one asking. */
export async function listSessions(
  db: Queryable,
  userId: string,
  currentSessionId: string,
  idleDays: number,
): Promise<SessionInfo[]> {
  const rows = await db.query<{
    id: string;
    user_agent: string | null;
    created_at: Date;
    last_seen_at: Date;
  }>(
    `SELECT * FROM (
       SELECT id, user_agent, created_at, last_seen_at FROM sessions
       WHERE user_id = $1 AND expires_at > now() AND last_seen_at > now() - make_interval(days => $2)
       ORDER BY id = $3 DESC, last_seen_at DESC, created_at DESC
       LIMIT ${SESSIONS_LISTED}
     ) s
     ORDER BY last_seen_at DESC, created_at DESC`,
    [userId, idleDays, currentSessionId],
  );
  return rows.map((r) => ({
    id: r.id,
    user_agent: r.user_agent,
    created_at: r.created_at.toISOString(),
    last_seen_at: r.last_seen_at.toISOString(),
    current: r.id === currentSessionId,
  }));
}

/** Ends one of the person's own sessions; another person's id is as unknown as a made-up one. */
export async function revokeSession(db: Queryable, userId: string, sessionId: string): Promise<void> {
  const rows = await db.query('DELETE FROM sessions WHERE id = $1 AND user_id = $2 RETURNING 1', [
    sessionId,
    userId,
  ]);
  if (rows.length === 0) throw new AppError(404, 'NOT_FOUND', 'Sessão não encontrada.');
}

/** "Sair de todos os dispositivos": every session of the person, the current one included. */
export async function revokeAllSessions(db: Queryable, userId: string): Promise<number> {
  return (await db.query('DELETE FROM sessions WHERE user_id = $1 RETURNING 1', [userId])).length;
}

export async function logout(db: Queryable, tokenHash: string): Promise<void> {
  await db.query('DELETE FROM sessions WHERE token_hash = $1', [tokenHash]);
}

/** Expired sessions and ended attempt windows are useless; dropping them keeps the tables small. */
export async function purgeExpiredSessions(db: Queryable): Promise<number> {
  const rows = await db.query('DELETE FROM sessions WHERE expires_at <= now() RETURNING 1');
  // Attempt windows last an hour at most; known addresses are kept longer (attempts.service.ts).
  await db.query(
    `DELETE FROM auth_attempts WHERE window_start < now() - interval '1 day'
       AND (key NOT LIKE 'known:%' OR window_start < now() - make_interval(days => $1::int))`,
    [KNOWN_ADDRESS_DAYS],
  );
  // Spent or expired verification links, kept a day to tell "already used" from "unknown".
  await db.query("DELETE FROM email_verification_tokens WHERE expires_at < now() - interval '1 day'");
  return rows.length;
}
