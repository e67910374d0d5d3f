import type { Category } from '@acervo/contract/category';
import { hashPassword } from '../../lib/passwords.ts';
import type { Db } from '../client.ts';
import { generateCommunity, insertCommunity, insertSharing, insertSocialActivity } from './community.ts';

/** The login printed by `npm run demo` and given in the README. */
export const DEMO_LOGIN = { email: 'ana.ribeiro@demo.acervo.app', password: 'Acervo2026demo' } as const;
export const DEMO_EMAIL_DOMAIN = 'demo.acervo.app';

export type DemoResult =
  | { loaded: true; people: number; collections: number; items: number; private: number }
  | { loaded: false; reason: 'already-loaded' };

/**
 * Loads about 20 people and 100 collections with rated, described items (some private), their
 * likes, follows, saved copies and collaborators, in one transaction. Refuses, changing nothing, when the demo people are already there.
 */
export async function loadDemo(db: Db, now = new Date()): Promise<DemoResult> {
  const existing = await db.query('SELECT 1 FROM users WHERE email = $1', [DEMO_LOGIN.email]);
  if (existing.length > 0) return { loaded: false, reason: 'already-loaded' };
  const categories = await db.query<Category>('SELECT id, name FROM categories');
  const community = generateCommunity({
    people: 20,
    collections: 100,
    itemsPerCollection: [2, 8],
    privateShare: 0.15,
    emailDomain: DEMO_EMAIL_DOMAIN,
    categories,
    seed: 2026,
    now,
  });
  const passwordHash = await hashPassword(DEMO_LOGIN.password);
  await db.transaction(async (tx) => {
    await insertCommunity(tx, community, passwordHash);
    await insertSocialActivity(tx, community);
    await insertSharing(tx, community);
  });
  return {
    loaded: true,
    people: community.users.length,
    collections: community.collections.length,
    items: community.items.length,
    private: community.collections.filter((c) => c.private).length,
  };
}
