import type { Session } from '@acervo/contract/auth';
import { createRemoteJWKSet, errors, jwtVerify } from 'jose';
import type { Db, Queryable } from '../../db/client.ts';
import type { Config } from '../../env.ts';
import { AppError } from '../../lib/app-error.ts';
import { newId } from '../../lib/ids.ts';
import { createSession } from './auth.service.ts';

/** What we take from a verified Google ID token. */
export interface GoogleIdentity {
  sub: string;
  email: string;
  name: string;
}

const tokenInvalid = () =>
  new AppError(401, 'GOOGLE_TOKEN_INVALID', 'Não foi possível validar o login com o Google.');
const googleUnavailable = () =>
  new AppError(503, 'GOOGLE_UNAVAILABLE', 'O login com o Google está indisponível no momento.');
const accountConflict = () =>
  new AppError(
    409,
    'GOOGLE_ACCOUNT_CONFLICT',
    'Este e-mail já pertence a uma conta ligada a outra conta do Google.',
  );

const accountUnverified = () =>
  new AppError(
    409,
    'GOOGLE_ACCOUNT_UNVERIFIED',
    'Já existe uma conta com este e-mail, ainda não confirmado. Confirme o e-mail ou redefina a senha pelo link enviado por e-mail; depois o login com o Google a abrirá.',
  );

/** A JWKS we could not fetch or read is Google's (or the network's) failure, not the client's. */
function isKeyFetchFailure(err: unknown): boolean {
  return (
    !(err instanceof errors.JOSEError) ||
    err instanceof errors.JWKSTimeout ||
    err instanceof errors.JWKSInvalid ||
    err.code === errors.JOSEError.code
  );
}

/**
 * Verifies Google ID tokens the way Google documents it: an RS256 signature by one of the keys
 * published at GOOGLE_JWKS_URL (fetched once, kept 10 minutes, fetched again early when a token
 * names a key we do not hold: that is how Google's key rotation reaches us), `aud` our client id,
 * `iss` Google (with or without the scheme), `exp` in the future, and a verified e-mail.
 */
export function googleTokenVerifier(config: Config): (credential: string) => Promise<GoogleIdentity> {
  const clientId = config.GOOGLE_CLIENT_ID;
  const jwks = createRemoteJWKSet(new URL(config.GOOGLE_JWKS_URL), {
    cooldownDuration: config.GOOGLE_JWKS_COOLDOWN_SECONDS * 1000,
  });
  const issuer = config.GOOGLE_ISSUER.replace(/\/+$/, '');
  const issuers = [issuer, issuer.replace(/^https?:\/\//, '')];

  return async (credential) => {
    if (!clientId) throw new AppError(404, 'NOT_FOUND', 'O login com o Google não está ativado.');
    let payload;
    try {
      ({ payload } = await jwtVerify(credential, jwks, {
        algorithms: ['RS256'],
        audience: clientId,
        issuer: issuers,
        requiredClaims: ['sub', 'exp', 'iat'],
        clockTolerance: 5,
      }));
    } catch (err) {
      throw isKeyFetchFailure(err) ? googleUnavailable() : tokenInvalid();
    }
    const { sub, email, email_verified: emailVerified, name } = payload;
    // Only a verified address may name (or be linked to) an account: anyone can put any e-mail
    // on an unverified Google account.
    if (typeof sub !== 'string' || typeof email !== 'string' || emailVerified !== true) {
      throw tokenInvalid();
    }
    const address = email.trim().toLowerCase();
    const shownName = typeof name === 'string' && name.trim() ? name.trim() : address.split('@')[0]!;
    return { sub, email: address, name: shownName.slice(0, 120) };
  };
}

interface AccountRow {
  id: string;
  name: string;
  email: string;
  picture: string | null;
  google_sub: string | null;
  email_verified: boolean;
}

async function findOrCreate(
  tx: Queryable,
  identity: GoogleIdentity,
  options: { sessionTtlDays: number; locale: 'pt' | 'en' },
): Promise<{ session: Session; outcome: 'signed_in' | 'linked' | 'created' }> {
  const rows = await tx.query<AccountRow>(
    `SELECT id, name, email, picture, google_sub, email_verified_at IS NOT NULL AS email_verified
     FROM users WHERE google_sub = $1 OR email = $2`,
    [identity.sub, identity.email],
  );
  // The subject decides: a Google account whose e-mail changed still opens the same account.
  const bySub = rows.find((r) => r.google_sub === identity.sub);
  if (bySub) return { session: await createSession(tx, bySub, options.sessionTtlDays), outcome: 'signed_in' };

  const byEmail = rows.find((r) => r.email === identity.email);
  if (byEmail) {
    if (byEmail.google_sub !== null) throw accountConflict();
    // Whoever registered this address never proved it: it may be a stranger who pre-registered
    // it to share the owner's account once the owner signs in with Google. Nothing is linked
    // (decision 039); the owner proves the address by mail first.
    if (!byEmail.email_verified) throw accountUnverified();
    await tx.query('UPDATE users SET google_sub = $2, updated_at = now() WHERE id = $1', [
      byEmail.id,
      identity.sub,
    ]);
    return { session: await createSession(tx, byEmail, options.sessionTtlDays), outcome: 'linked' };
  }

  // A Google-only account has no password; it may set one through password recovery.
  const user = { id: newId(), name: identity.name, email: identity.email, picture: null };
  // Google vouched for the address (the token said email_verified), so it starts verified.
  await tx.query(
    `INSERT INTO users (id, name, email, google_sub, locale, email_verified_at)
     VALUES ($1, $2, $3, $4, $5, now())`,
    [user.id, user.name, user.email, identity.sub, options.locale],
  );
  return {
    session: await createSession(tx, { ...user, email_verified: true }, options.sessionTtlDays),
    outcome: 'created',
  };
}

/**
 * Signs in the account of a verified Google identity: the one linked to its `sub`, else the
 * account with its e-mail if that account verified it too, now linked, else a new account.
 */
export async function signInWithGoogle(
  db: Db,
  identity: GoogleIdentity,
  options: { sessionTtlDays: number; locale: 'pt' | 'en' },
): Promise<{ session: Session; outcome: 'signed_in' | 'linked' | 'created' }> {
  try {
    return await db.transaction((tx) => findOrCreate(tx, identity, options));
  } catch (err) {
    // Two first sign-ins racing: a unique index refuses the loser, who then finds the winner's row.
    if ((err as { code?: string }).code !== '23505') throw err;
    return db.transaction((tx) => findOrCreate(tx, identity, options));
  }
}
