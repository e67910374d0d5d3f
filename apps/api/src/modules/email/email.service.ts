import type { Db, Queryable } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { hashToken, newAccessToken } from '../../lib/tokens.ts';
import { enqueueMail, type MailLocale } from '../mail/mail.service.ts';
import { userNotFound } from '../user/user.service.ts';
import { siteLink } from '../../lib/site-link.ts';

/** A verification link is valid this long (issue 23). */
const VERIFICATION_TOKEN_TTL_HOURS = 24;

interface MailUser {
  id: string;
  name: string;
  email: string;
  locale: MailLocale;
}

/**
 * Mails a verification link for the account's current address, in the caller's transaction (the
 * mail exists exactly when its cause committed). A new link voids the unused older ones; only its
 * hash is stored, with the address it was sent to.
 */
export async function enqueueVerificationMail(
  tx: Queryable,
  user: MailUser,
  publicUrl: string,
): Promise<void> {
  const token = newAccessToken();
  await tx.query('DELETE FROM email_verification_tokens WHERE user_id = $1 AND used_at IS NULL', [user.id]);
  await tx.query(
    `INSERT INTO email_verification_tokens (token_hash, user_id, email, expires_at)
     VALUES ($1, $2, $3, now() + make_interval(hours => $4::int))`,
    [hashToken(token), user.id, user.email, VERIFICATION_TOKEN_TTL_HOURS],
  );
  await enqueueMail(tx, {
    to: user.email,
    locale: user.locale,
    template: 'email_verification',
    data: { name: user.name, link: siteLink(publicUrl, `/verify-email/${token}`) },
  });
}

const tokenInvalid = () =>
  new AppError(400, 'EMAIL_TOKEN_INVALID', 'Este link de confirmação é inválido. Peça um novo.');
const tokenExpired = () =>
  new AppError(400, 'EMAIL_TOKEN_EXPIRED', 'Este link de confirmação expirou. Peça um novo.');
const tokenUsed = () => new AppError(400, 'EMAIL_TOKEN_USED', 'Este link de confirmação já foi usado.');
export const alreadyVerified = () =>
  new AppError(409, 'EMAIL_ALREADY_VERIFIED', 'Seu e-mail já está confirmado.');

/**
 * Verifies the address a link was mailed to. The token is spent by one UPDATE (two requests racing
 * with it cannot both win) and kept until it expires, so a second use says "already used" rather
 * than "unknown". A link sent to an address the account no longer has verifies nothing.
 */
export async function verifyEmail(db: Db, token: string): Promise<string> {
  return db.transaction(async (tx) => {
    const hash = hashToken(token);
    const [spent] = await tx.query<{ user_id: string; email: string; expired: boolean }>(
      `UPDATE email_verification_tokens SET used_at = now()
       WHERE token_hash = $1 AND used_at IS NULL
       RETURNING user_id, email, expires_at <= now() AS expired`,
      [hash],
    );
    if (!spent) {
      const known = await tx.query('SELECT 1 FROM email_verification_tokens WHERE token_hash = $1', [hash]);
      throw known.length > 0 ? tokenUsed() : tokenInvalid();
    }
    if (spent.expired) throw tokenExpired();
    const verified = await tx.query(
      `UPDATE users SET email_verified_at = coalesce(email_verified_at, now()), updated_at = now()
       WHERE id = $1 AND email = $2 RETURNING 1`,
      [spent.user_id, spent.email],
    );
    if (verified.length === 0) throw tokenInvalid();
    await tx.query('DELETE FROM email_verification_tokens WHERE user_id = $1 AND used_at IS NULL', [
      spent.user_id,
    ]);
    return spent.user_id;
  });
}

/** A new verification mail for the signed-in person; 409 when the address is already verified. */
export async function resendVerificationMail(db: Db, userId: string, publicUrl: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [user] = await tx.query<MailUser & { verified: boolean }>(
      `SELECT id, name, email, locale, email_verified_at IS NOT NULL AS verified
       FROM users WHERE id = $1 FOR UPDATE`,
      [userId],
    );
    if (!user) throw userNotFound();
    if (user.verified) throw alreadyVerified();
    await enqueueVerificationMail(tx, user, publicUrl);
  });
}
