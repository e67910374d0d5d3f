import { newId } from '../../lib/ids.ts';
import type { Queryable } from '../client.ts';
import { CATEGORY_CONTENT, FIRST_NAMES, PLACES, PRIVATE_TITLES, SURNAMES } from './demo-content.ts';

/**
 * Generates a believable pt-BR community (people, collections, items) and loads it in bulk.
 * `npm run demo` loads a small one; the benchmark loads a large one with the same code.
 */

/** A small deterministic PRNG (mulberry32): the same seed gives the same community. */
export function createRandom(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!,
  };
}

export interface SeedUser {
  id: string;
  name: string;
  email: string;
  alias_name: string;
  cellular: string;
  birthday: string;
  address: string;
  state: string;
  city: string;
  postal_code: string;
}

export interface SeedCollection {
  id: string;
  user_id: string;
  category_id: string;
  name: string;
  description: string;
  private: boolean;
  created_at: string;
  updated_at: string;
  /** The collection this one is a saved copy of. */
  saved_from_id?: string | null;
}

export interface SeedItem {
  id: string;
  collection_id: string;
  name: string;
  description: string;
  rating: number | null;
  position: number;
}

export interface Community {
  users: SeedUser[];
  collections: SeedCollection[];
  items: SeedItem[];
}

export interface CommunityOptions {
  people: number;
  collections: number;
  /** Items per collection, inclusive range; the average is what a benchmark sizes by. */
  itemsPerCollection: [number, number];
  privateShare: number;
  /** E-mail domain of the generated people. */
  emailDomain: string;
  categories: { id: string; name: string }[];
  seed?: number;
  now?: Date;
}

const slug = (s: string) =>
  s
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '.');

const DAY = 86_400_000;

export function generateCommunity(options: CommunityOptions): Community {
  const random = createRandom(options.seed ?? 2026);
  const now = (options.now ?? new Date()).getTime();
  const users: SeedUser[] = [];
  for (let n = 0; n < options.people; n += 1) {
    // The first people get distinct, readable names; later ones get a number to stay unique.
    const first = FIRST_NAMES[n % FIRST_NAMES.length]!;
    const last = SURNAMES[(n * 7 + Math.floor(n / FIRST_NAMES.length)) % SURNAMES.length]!;
    const place = random.pick(PLACES);
    const suffix = n < FIRST_NAMES.length ? '' : String(n);
    users.push({
      id: newId(),
      name: `${first} ${last}`,
      email: `${slug(first)}.${slug(last)}${suffix}@${options.emailDomain}`,
      alias_name: first,
      cellular: `(${place.ddd}) 9${random.int(6000, 9999)}-${String(random.int(0, 9999)).padStart(4, '0')}`,
      birthday: `${random.int(1960, 2004)}-${String(random.int(1, 12)).padStart(2, '0')}-${String(random.int(1, 28)).padStart(2, '0')}`,
      address: `${place.street}, ${random.int(10, 2500)}`,
      state: place.state,
      city: place.city,
      postal_code: `${place.cep}-${String(random.int(0, 999)).padStart(3, '0')}`,
    });
  }

  const categories = options.categories.filter((c) => CATEGORY_CONTENT[c.name]);
  const collections: SeedCollection[] = [];
  const items: SeedItem[] = [];
  for (let n = 0; n < options.collections; n += 1) {
    const owner = users[n % users.length]!;
    const category = categories[(n + Math.floor(n / users.length)) % categories.length]!;
    const content = CATEGORY_CONTENT[category.name]!;
    const isPrivate = random.next() < options.privateShare;
    const updated = now - Math.floor(random.next() * 120 * DAY);
    const created = updated - Math.floor(random.next() * 60 * DAY);
    const title =
      isPrivate && random.next() < 0.5 ? random.pick(PRIVATE_TITLES) : random.pick(content.titles);
    const collection: SeedCollection = {
      id: newId(),
      user_id: owner.id,
      category_id: category.id,
      name: title,
      description: `${title} — escolhas de ${owner.name.split(' ')[0]}.`,
      private: isPrivate,
      created_at: new Date(created).toISOString(),
      updated_at: new Date(updated).toISOString(),
    };
    collections.push(collection);
    const count = random.int(...options.itemsPerCollection);
    const start = random.int(0, content.items.length - 1);
    for (let p = 0; p < count; p += 1) {
      const [name, description = ''] = content.items[(start + p) % content.items.length]!.split(' — ');
      items.push({
        id: newId(),
        collection_id: collection.id,
        name: name!,
        description,
        // Most items are rated, in half steps, leaning positive as people's favourites do.
        rating: random.next() < 0.85 ? random.int(4, 10) / 2 : null,
        position: p + 1,
      });
    }
  }
  return { users, collections, items };
}

async function insertRows<T>(
  db: Queryable,
  rows: T[],
  batchSize: number,
  insert: (batch: T[]) => Promise<unknown>,
): Promise<void> {
  for (let i = 0; i < rows.length; i += batchSize) await insert(rows.slice(i, i + batchSize));
}

/**
 * Loads a community with a few multi-row statements (`unnest` of arrays), fast on both drivers.
 * Every person gets the same password hash, computed once by the caller.
 */
export async function insertCommunity(
  db: Queryable,
  community: Community,
  passwordHash: string,
): Promise<void> {
  await insertRows(db, community.users, 2000, (b) =>
    db.query(
      // The demo's addresses are made up by us: verified, so no demo person is asked to confirm one.
      `INSERT INTO users (id, name, email, password_hash, alias_name, cellular, birthday, address, country,
         state, city, postal_code, email_verified_at)
       SELECT id, name, email, $4, alias_name, cellular, birthday, address, 'Brasil', state, city, postal_code,
         now()
       FROM unnest($1::text[], $2::text[], $3::text[], $5::text[], $6::text[], $7::date[], $8::text[],
         $9::text[], $10::text[], $11::text[])
         AS t(id, name, email, alias_name, cellular, birthday, address, state, city, postal_code)`,
      [
        b.map((u) => u.id),
        b.map((u) => u.name),
        b.map((u) => u.email),
        passwordHash,
        b.map((u) => u.alias_name),
        b.map((u) => u.cellular),
        b.map((u) => u.birthday),
        b.map((u) => u.address),
        b.map((u) => u.state),
        b.map((u) => u.city),
        b.map((u) => u.postal_code),
      ],
    ),
  );
  await insertCollectionsAndItems(db, community.collections, community.items);
}

async function insertCollectionsAndItems(db: Queryable, collections: SeedCollection[], items: SeedItem[]) {
  await insertRows(db, collections, 5000, (b) =>
    db.query(
      `INSERT INTO collections (id, user_id, category_id, name, description, private, created_at, updated_at,
         saved_from_id)
       SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::boolean[],
         $7::timestamptz[], $8::timestamptz[], $9::text[])`,
      [
        b.map((c) => c.id),
        b.map((c) => c.user_id),
        b.map((c) => c.category_id),
        b.map((c) => c.name),
        b.map((c) => c.description),
        b.map((c) => c.private),
        b.map((c) => c.created_at),
        b.map((c) => c.updated_at),
        b.map((c) => c.saved_from_id ?? null),
      ],
    ),
  );
  await insertRows(db, items, 10000, (b) =>
    db.query(
      `INSERT INTO collection_items (id, collection_id, name, description, rating, position)
       SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::numeric[], $6::int[])`,
      [
        b.map((i) => i.id),
        b.map((i) => i.collection_id),
        b.map((i) => i.name),
        b.map((i) => i.description),
        b.map((i) => i.rating),
        b.map((i) => i.position),
      ],
    ),
  );
}

/** Follows and likes spread over the public collections, so that "popular" means something. */
export async function insertSocialActivity(db: Queryable, community: Community, seed = 7): Promise<void> {
  const random = createRandom(seed);
  const publicOnes = community.collections.filter((c) => !c.private);
  const likes: [string, string][] = [];
  const follows: [string, string][] = [];
  for (const c of publicOnes) {
    // A few collections are very popular, most have a handful of reactions.
    const reach = Math.floor(random.next() ** 3 * Math.min(community.users.length - 1, 40));
    const fans = new Set<string>();
    while (fans.size < reach) {
      const fan = random.pick(community.users).id;
      if (fan !== c.user_id) fans.add(fan);
    }
    for (const fan of fans) {
      likes.push([c.id, fan]);
      if (random.next() < 0.4) follows.push([c.id, fan]);
    }
  }
  const insertPairs = (table: string, pairs: [string, string][]) =>
    insertRows(db, pairs, 10000, (b) =>
      db.query(`INSERT INTO ${table} (collection_id, user_id) SELECT * FROM unnest($1::text[], $2::text[])`, [
        b.map((p) => p[0]),
        b.map((p) => p[1]),
      ]),
    );
  await insertPairs('collection_likes', likes);
  await insertPairs('collection_followers', follows);

  const people: [string, string][] = [];
  for (const user of community.users) {
    const followed = new Set<string>();
    const count = random.int(0, Math.min(6, community.users.length - 1));
    while (followed.size < count) {
      const other = random.pick(community.users).id;
      if (other !== user.id) followed.add(other);
    }
    for (const other of followed) people.push([other, user.id]);
  }
  await insertRows(db, people, 10000, (b) =>
    db.query(
      'INSERT INTO user_followers (followed_id, follower_id) SELECT * FROM unnest($1::text[], $2::text[])',
      [b.map((p) => p[0]), b.map((p) => p[1])],
    ),
  );
}

/**
 * Saved copies ("salva de ...") and collaborators, so that shared and saved collections show up.
 * The first person (the demo login) always edits one collection of someone else, views another
 * private one, has a collaborator on one of hers, and has saved two collections.
 */
export async function insertSharing(db: Queryable, community: Community, seed = 11): Promise<void> {
  const random = createRandom(seed);
  const { users, collections, items } = community;
  const first = users[0]!;
  const others = (ownerId: string) => users.filter((u) => u.id !== ownerId);

  const collaborators = new Map<string, [string, string, 'editor' | 'viewer']>();
  const add = (collection: SeedCollection, userId: string, role: 'editor' | 'viewer') => {
    if (userId !== collection.user_id)
      collaborators.set(`${collection.id}:${userId}`, [collection.id, userId, role]);
  };
  for (const c of collections) {
    // Private collections are shared with one or two people; a few public ones are co-edited.
    if (c.private) {
      add(c, random.pick(others(c.user_id)).id, 'editor');
      if (random.next() < 0.5) add(c, random.pick(others(c.user_id)).id, 'viewer');
    } else if (random.next() < 0.1) {
      add(c, random.pick(others(c.user_id)).id, 'editor');
    }
  }
  const notFirsts = collections.filter((c) => c.user_id !== first.id);
  const privateNotFirsts = notFirsts.filter((c) => c.private);
  add(notFirsts.find((c) => !c.private) ?? notFirsts[0]!, first.id, 'editor');
  if (privateNotFirsts.length > 0) add(random.pick(privateNotFirsts), first.id, 'viewer');
  const firstsOwn = collections.find((c) => c.user_id === first.id);
  if (firstsOwn) add(firstsOwn, users[1]!.id, 'editor');
  const rows = [...collaborators.values()];
  await insertRows(db, rows, 10000, (b) =>
    db.query(
      `INSERT INTO collection_collaborators (collection_id, user_id, role)
       SELECT * FROM unnest($1::text[], $2::text[], $3::text[])`,
      [b.map((r) => r[0]), b.map((r) => r[1]), b.map((r) => r[2])],
    ),
  );

  // Copies of public collections, kept private or public as people chose.
  const publicOnes = collections.filter((c) => !c.private);
  const savers = [
    first,
    first,
    ...Array.from({ length: Math.ceil(users.length / 2) }, () => random.pick(users)),
  ];
  const copies: SeedCollection[] = [];
  const copiedItems: SeedItem[] = [];
  const now = Date.now();
  for (const saver of savers) {
    const source = random.pick(publicOnes.filter((c) => c.user_id !== saver.id));
    const at = new Date(now - Math.floor(random.next() * 30 * DAY)).toISOString();
    const copy: SeedCollection = {
      ...source,
      id: newId(),
      user_id: saver.id,
      private: random.next() < 0.5,
      created_at: at,
      updated_at: at,
      saved_from_id: source.id,
    };
    copies.push(copy);
    for (const item of items.filter((i) => i.collection_id === source.id)) {
      copiedItems.push({ ...item, id: newId(), collection_id: copy.id });
    }
  }
  await insertCollectionsAndItems(db, copies, copiedItems);
}
