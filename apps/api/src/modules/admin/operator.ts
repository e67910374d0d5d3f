import type { Queryable } from '../../db/client.ts';
import type { Config } from '../../env.ts';

/**
 * Whether the viewer runs this deployment (decision 040): an account whose e-mail is listed in
 * ADMIN_EMAILS *and* verified. Anyone can register any address; listing it only makes an
 * operator of the person who proved they read its mail (the verification link, a password reset
 * mailed there, or Google vouching for it). Every operators' route asks here, and only here.
 */
export async function isOperator(
  db: Queryable,
  viewer: { id: string; email: string },
  config: Pick<Config, 'ADMIN_EMAILS'>,
): Promise<boolean> {
  if (!config.ADMIN_EMAILS.includes(viewer.email)) return false;
  // The address is read again with its verification, from the row, not from the session cache.
  const rows = await db.query<{ email: string }>(
    'SELECT email FROM users WHERE id = $1 AND email_verified_at IS NOT NULL',
    [viewer.id],
    'operator_check',
  );
  return rows.length > 0 && config.ADMIN_EMAILS.includes(rows[0]!.email);
}
