import { issue } from '@acervo/contract/validation';
import type { Db, Queryable } from '../../db/client.ts';
import { AppError, validationFailed } from '../../lib/app-error.ts';
import { hashPassword, verifyPassword } from '../../lib/passwords.ts';
import { hashToken, newAccessToken } from '../../lib/tokens.ts';
import { enqueueMail, type MailLocale } from '../mail/mail.service.ts';
import { siteLink } from '../../lib/site-link.ts';

/** A reset link is valid this long. */
const RESET_TOKEN_TTL_MINUTES = 60;

interface MailUser {
  id: string;
  name: string;
  email: string;
  locale: MailLocale;
}

/** The "sua senha foi alterada" notice, with a way back in for someone who did not change it. */
function enqueuePasswordChanged(tx: Queryable, user: MailUser, publicUrl: string) {
  return enqueueMail(tx, {
    to: user.email,
    locale: user.locale,
    template: 'password_changed',
    data: { name: user.name, link: siteLink(publicUrl, '/recover') },
  });
}

/**
 * Sends a reset link to the account of `email`, if there is one; nothing otherwise. The caller
 * answers before calling this, so the answer cannot tell whether the account exists. A new token
 * voids the older ones; only its hash is stored, with the mail in the same transaction.
 */
export async function requestPasswordReset(db: Db, email: string, publicUrl: string): Promise<void> {
  const [user] = await db.query<MailUser>('SELECT id, name, email, locale FROM users WHERE email = $1', [
    email,
  ]);
  if (!user) return;
  const token = newAccessToken();
  await db.transaction(async (tx) => {
    await tx.query('DELETE FROM password_reset_tokens WHERE user_id = $1', [user.id]);
    await tx.query(
      `INSERT INTO password_reset_tokens (token_hash, user_id, expires_at)
       VALUES ($1, $2, now() + make_interval(mins => $3::int))`,
      [hashToken(token), user.id, RESET_TOKEN_TTL_MINUTES],
    );
    await enqueueMail(tx, {
      to: user.email,
      locale: user.locale,
      template: 'password_reset',
      data: { name: user.name, link: siteLink(publicUrl, `/reset/${token}`) },
    });
  });
}

const resetTokenInvalid = () =>
  new AppError(
    400,
    'RESET_TOKEN_INVALID',
    'Este link de redefinição de senha é inválido ou expirou. Peça um novo.',
  );

/**
 * Sets a new password with a reset token: the token is consumed (deleted, so two requests racing
 * with it cannot both win), every session of the account is revoked and a notice is mailed.
 * Returns the account's id.
 */
export async function resetPassword(
  db: Db,
  input: { token: string; password: string },
  publicUrl: string,
): Promise<string> {
  // Hashed before the transaction: argon2 is slow, and a transaction holds the embedded database.
  const passwordHash = await hashPassword(input.password);
  return db.transaction(async (tx) => {
    const [user] = await tx.query<MailUser & { expired: boolean }>(
      `WITH used AS (
         DELETE FROM password_reset_tokens WHERE token_hash = $1 RETURNING user_id, expires_at
       )
       SELECT u.id, u.name, u.email, u.locale, used.expires_at <= now() AS expired
       FROM used JOIN users u ON u.id = used.user_id`,
      [hashToken(input.token)],
    );
    if (!user || user.expired) throw resetTokenInvalid();
    // The link reached the mailbox of the account's address: that proves the address, as a
    // verification link would (decision 039: how the owner reclaims a pre-registered address).
    await tx.query(
      `UPDATE users SET password_hash = $2, email_verified_at = coalesce(email_verified_at, now()),
         updated_at = now()
       WHERE id = $1`,
      [user.id, passwordHash],
    );
    await tx.query('DELETE FROM password_reset_tokens WHERE user_id = $1', [user.id]);
    await tx.query('DELETE FROM sessions WHERE user_id = $1', [user.id]);
    await enqueuePasswordChanged(tx, user, publicUrl);
    return user.id;
  });
}

/**
 * Changes the signed-in person's password after checking the current one. Their other sessions are
 * revoked; the one that asked (`keepTokenHash`) stays.
 */
export async function changePassword(
  db: Db,
  userId: string,
  keepTokenHash: string,
  input: { old_password: string; password: string },
  publicUrl: string,
): Promise<void> {
  const [user] = await db.query<MailUser & { password_hash: string | null }>(
    'SELECT id, name, email, locale, password_hash FROM users WHERE id = $1',
    [userId],
  );
  if (!user?.password_hash || !(await verifyPassword(user.password_hash, input.old_password))) {
    throw validationFailed({ old_password: issue.oldPasswordWrong });
  }
  const passwordHash = await hashPassword(input.password);
  await db.transaction(async (tx) => {
    await tx.query('UPDATE users SET password_hash = $2, updated_at = now() WHERE id = $1', [
      user.id,
      passwordHash,
    ]);
    await tx.query('DELETE FROM sessions WHERE user_id = $1 AND token_hash <> $2', [user.id, keepTokenHash]);
    await tx.query('DELETE FROM password_reset_tokens WHERE user_id = $1', [user.id]);
    await enqueuePasswordChanged(tx, user, publicUrl);
  });
}
