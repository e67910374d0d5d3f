import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db, Queryable } from '../../db/client.ts';
import type { Config } from '../../env.ts';
import { AppError } from '../../lib/app-error.ts';
import { hashToken } from '../../lib/tokens.ts';
import { tooManyAttempts } from '../../plugins/rate-limit.ts';

/**
 * Attempts at sign-in, registration and recovery, counted in the database so every API node
 * sees the same counts, in fixed windows (`key`, window start) that are reserved atomically
 * before any password is checked: twenty parallel guesses cannot all reach argon2.
 */
interface Reservation {
  key: string;
  windowStart: Date;
  /** This attempt's place in the window, counting itself. */
  count: number;
  /** Seconds until the window ends (for Retry-After). */
  resetsIn: number;
}

async function reserve(db: Queryable, key: string, seconds: number): Promise<Reservation> {
  const [row] = await db.query<{ window_start: Date; count: number; resets_in: number }>(
    `INSERT INTO auth_attempts (key, window_start, count)
     VALUES ($1, to_timestamp(floor(extract(epoch FROM now()) / $2) * $2), 1)
     ON CONFLICT (key, window_start) DO UPDATE SET count = auth_attempts.count + 1
     RETURNING window_start, count,
       ceil(extract(epoch FROM window_start) + $2 - extract(epoch FROM now()))::integer AS resets_in`,
    [key, seconds],
    'auth_attempt_reserve',
  );
  return { key, windowStart: row!.window_start, count: row!.count, resetsIn: Math.max(1, row!.resets_in) };
}

/** Gives a reserved attempt back (a correct password does not count against anyone). */
async function release(db: Queryable, r: Reservation): Promise<void> {
  await db.query(
    'UPDATE auth_attempts SET count = count - 1 WHERE key = $1 AND window_start = $2 AND count > 0',
    [r.key, r.windowStart],
    'auth_attempt_release',
  );
}

/**
 * Addresses that signed in to an account in the last KNOWN_FOR_DAYS days keep their own budget
 * while the account is under attack (issue 23): a stranger's failures elsewhere cannot lock the
 * owner out of their usual address. Kept as one row per day under a hash of e-mail and address,
 * so the table holds no readable address.
 */
const KNOWN_FOR_DAYS = 90;
const knownKey = (email: string, ip: string) => `known:${hashToken(`${email}\n${ip}`)}`;

async function rememberAddress(db: Queryable, email: string, ip: string): Promise<void> {
  await db.query(
    `INSERT INTO auth_attempts (key, window_start, count) VALUES ($1, date_trunc('day', now()), 1)
     ON CONFLICT (key, window_start) DO NOTHING`,
    [knownKey(email, ip)],
    'auth_known_remember',
  );
}

async function isKnownAddress(db: Queryable, email: string, ip: string): Promise<boolean> {
  const rows = await db.query(
    `SELECT 1 FROM auth_attempts
     WHERE key = $1 AND window_start > now() - make_interval(days => $2::int) LIMIT 1`,
    [knownKey(email, ip), KNOWN_FOR_DAYS],
    'auth_known_find',
  );
  return rows.length > 0;
}

/** How long `purgeExpiredSessions` keeps the rows of known addresses. */
export const KNOWN_ADDRESS_DAYS = KNOWN_FOR_DAYS;

function refuse(reply: FastifyReply, resetsIn: number): never {
  reply.header('retry-after', String(resetsIn));
  throw tooManyAttempts();
}

/**
 * Password recovery: at most `perAddress` requests per account and address, and `perAccount`
 * from every address, per half hour. Addresses that signed in to the account are held only by
 * their own count, so a stranger's requests never block the owner's (issue 23); every refusal is
 * a visible 429, never a silent 202 without a mail.
 */
export function recoveryLimit(
  db: Db,
  { perAddress, perAccount }: { perAddress: number; perAccount: number },
) {
  const seconds = 30 * 60;
  return async (request: FastifyRequest, reply: FastifyReply, email: string): Promise<void> => {
    const fromHere = await reserve(db, `recovery:${email}:${request.ip}`, seconds);
    if (fromHere.count > perAddress) refuse(reply, fromHere.resetsIn);
    const everywhere = await reserve(db, `recovery:${email}`, seconds);
    if (everywhere.count > perAccount && !(await isKnownAddress(db, email, request.ip))) {
      refuse(reply, everywhere.resetsIn);
    }
  };
}

/** At most `max` attempts per key and window, whatever their outcome (registration). */
export function attemptLimit(
  db: Db,
  { purpose, max, seconds }: { purpose: string; max: number; seconds: number },
) {
  return async (reply: FastifyReply, subject: string): Promise<void> => {
    const r = await reserve(db, `${purpose}:${subject}`, seconds);
    if (r.count > max) refuse(reply, r.resetsIn);
  };
}

interface LoginLimits {
  /** Failed sign-ins for one account from one address per 15 minutes. */
  perAccountAndIp: number;
  /** Failed sign-ins for one account from all addresses per hour. */
  perAccount: number;
}

/** Sign-in's wrong password: a 401. */
const isUnauthenticated = (err: unknown) => err instanceof AppError && err.statusCode === 401;

/**
 * Sign-in attempts are counted per account *and* address, so a stranger's wrong guesses never
 * lock the owner out: past `perAccountAndIp` failures that address waits; past `perAccount`
 * failures from everywhere, only addresses that have not failed for this account may still try
 * (the owner on their own device), and so may addresses that signed in to it before. A correct
 * password gives its reservations back and remembers the address.
 * Every check of an account's password goes through it with the same counters (account deletion
 * re-asks the password): otherwise a stolen session would be an unlimited password oracle.
 */
function loginGuard(db: Db, limits: LoginLimits) {
  return async <T>(
    request: FastifyRequest,
    reply: FastifyReply,
    email: string,
    attempt: () => Promise<T>,
    /** Which failures of `attempt` are a wrong password (and count). */
    isWrongPassword: (err: unknown) => boolean = isUnauthenticated,
  ): Promise<T> => {
    const fromHere = await reserve(db, `login:${email}:${request.ip}`, 15 * 60);
    const everywhere = await reserve(db, `login:${email}`, 60 * 60);
    if (fromHere.count > limits.perAccountAndIp) refuse(reply, fromHere.resetsIn);
    // Earlier failures from this address while the account is under attack: wait, unless this
    // address has signed in to the account before (the owner's own budget is `fromHere`).
    if (
      everywhere.count > limits.perAccount &&
      fromHere.count > 1 &&
      !(await isKnownAddress(db, email, request.ip))
    ) {
      refuse(reply, everywhere.resetsIn);
    }
    try {
      const result = await attempt();
      await release(db, fromHere);
      await release(db, everywhere);
      await rememberAddress(db, email, request.ip);
      return result;
    } catch (err) {
      // Only a wrong password counts; anything else (a 400, a failure of ours) gives it back.
      if (!isWrongPassword(err)) {
        await release(db, fromHere);
        await release(db, everywhere);
      }
      throw err;
    }
  };
}

/** The guard with the configured limits, for every route that checks a password. */
export const passwordGuard = (db: Db, config: Config) =>
  loginGuard(db, {
    perAccountAndIp: config.AUTH_RATE_LIMIT_PER_ACCOUNT,
    perAccount: config.AUTH_FAILURES_PER_ACCOUNT,
  });
