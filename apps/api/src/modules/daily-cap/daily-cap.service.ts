import type { Queryable } from '../../db/client.ts';
import type { Config } from '../../env.ts';
import { SOCIAL_MESSAGES } from '@acervo/contract/social-messages';
import { AppError } from '../../lib/app-error.ts';
import type { Viewer } from '../access/access.policy.ts';

/** Social actions a person may take only so many times a day (abuse limits, issue 8). */
export type CappedAction =
  'like' | 'follow' | 'save' | 'invite' | 'block' | 'report' | 'comment' | 'collection';

/**
 * Counts one `kind` action against the viewer's cap for the last 24 hours, inside the caller's
 * transaction and after the action: over the cap it throws 429 (past the follows' ceiling, 409),
 * which rolls the action back.
 * Callers charge only actions that changed something, so repeating one (a double click) is free.
 */
export type ChargeDailyCap = (tx: Queryable, viewer: Viewer, kind: CappedAction) => Promise<void>;

export const dailyCapReached = () =>
  new AppError(429, 'RATE_LIMITED', 'Você atingiu o limite diário para esta ação. Tente novamente amanhã.');

const followsFull = () => new AppError(409, 'FOLLOWS_FULL', SOCIAL_MESSAGES.followsFull);

/**
 * After the per-person lock, in one statement: what fell out of the 24-hour window is pruned (the
 * log stays one day deep), the actions left in it are counted (`used`, before this one), and this
 * one is logged unless the cap is reached. For a follow it also counts everyone and every
 * collection the viewer follows, the new follow included (`follows`): a new follow must leave the
 * viewer following at most FOLLOWS_PER_PERSON people and collections together ("Seguindo" reads
 * the newest of each followed source, so this bounds that read). Every statement of a transaction
 * waits for the one before it, and on the embedded database the whole database waits with it
 * (decision 079): one statement where there were four.
 */
const CHARGE_SQL = `
  WITH pruned AS (
    DELETE FROM social_actions WHERE user_id = $1 AND kind = $2 AND created_at <= now() - interval '1 day'
  ),
  used AS (
    SELECT count(*)::int AS used FROM social_actions
    WHERE user_id = $1 AND kind = $2 AND created_at > now() - interval '1 day'
  ),
  logged AS (
    INSERT INTO social_actions (user_id, kind) SELECT $1, $2 FROM used WHERE used < $3
  )
  SELECT used.used, CASE WHEN $2 = 'follow' THEN
      (SELECT count(*) FROM user_followers WHERE follower_id = $1)::int
      + (SELECT count(*) FROM collection_followers WHERE user_id = $1)::int
    END AS follows
  FROM used`;

export function dailyCapCharger(config: Config): ChargeDailyCap {
  const caps: Record<CappedAction, number> = {
    like: config.SOCIAL_DAILY_LIKES,
    follow: config.SOCIAL_DAILY_FOLLOWS,
    save: config.SOCIAL_DAILY_SAVES,
    invite: config.SOCIAL_DAILY_INVITES,
    block: config.SOCIAL_DAILY_BLOCKS,
    report: config.SOCIAL_DAILY_REPORTS,
    comment: config.SOCIAL_DAILY_COMMENTS,
    collection: config.SOCIAL_DAILY_COLLECTIONS,
  };
  return async (tx, viewer, kind) => {
    // One person's actions of a kind queue at the lock (until the transaction ends), so concurrent
    // requests cannot all read "one left" and pass together. The charge is sent with it: the
    // connection runs it once the lock is held, and it counts with a snapshot taken then, but the
    // transaction waits for one exchange instead of two (decision 079).
    const [, [row]] = await Promise.all([
      tx.query(
        'SELECT pg_advisory_xact_lock(hashtext($1))',
        [`daily-cap:${viewer.id}:${kind}`],
        'daily_cap_lock',
      ),
      tx.query<{ used: number; follows: number | null }>(
        CHARGE_SQL,
        [viewer.id, kind, caps[kind]],
        'daily_cap_charge',
      ),
    ]);
    // Either throw rolls the transaction back, the action and its line in the log with it.
    if (row!.used >= caps[kind]) throw dailyCapReached();
    if (row!.follows !== null && row!.follows > config.FOLLOWS_PER_PERSON) throw followsFull();
  };
}

/**
 * Turns a social relation (a like, a follow) on or off, idempotently: it is inserted at most once
 * (ON CONFLICT DO NOTHING) and only a new one is charged to the viewer's daily cap. Returns
 * whether it was created now (the moment to notify someone) and what `read` read after the change.
 * So that the transaction waits for fewer exchanges (decision 079), `read` (the new total) is sent
 * with the insert or delete, and `announce` (a new relation's notice and activity) with the charge,
 * which rolls it back when the cap is reached. Each must send its statements before its first
 * `await`, as `tx.query` does.
 */
export async function toggleRelation<T>(
  tx: Queryable,
  relation: {
    table: 'collection_likes' | 'collection_followers' | 'user_followers';
    columns: [string, string];
  },
  values: [string, string],
  on: boolean,
  charge: { viewer: Viewer; kind: CappedAction; charge: ChargeDailyCap },
  read: () => Promise<T>,
  announce: () => Promise<unknown>,
): Promise<{ created: boolean; read: T }> {
  const [a, b] = relation.columns;
  const [inserted, after] = await Promise.all([
    on
      ? tx.query(
          `INSERT INTO ${relation.table} (${a}, ${b}) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING 1`,
          values,
          `${relation.table}_insert`,
        )
      : tx.query(
          `DELETE FROM ${relation.table} WHERE ${a} = $1 AND ${b} = $2`,
          values,
          `${relation.table}_delete`,
        ),
    read(),
  ]);
  if (!on || inserted.length === 0) return { created: false, read: after };
  await Promise.all([charge.charge(tx, charge.viewer, charge.kind), announce()]);
  return { created: true, read: after };
}
