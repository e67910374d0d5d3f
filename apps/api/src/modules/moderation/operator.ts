import type { Db } from '../../db/client.ts';
import type { Config } from '../../env.ts';
import type { AuthUser } from '../../plugins/authentication.ts';

/** Operators are the accounts whose e-mail is in ADMIN_EMAILS. */
export async function isOperator(_db: Db, user: AuthUser, config: Config): Promise<boolean> {
  return config.ADMIN_EMAILS.includes(user.email);
}
