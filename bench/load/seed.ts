// Seeds the load benchmark's community with a few set-based statements (INSERT ... SELECT over
// generate_series): 10k people, 100k collections and 500k items at full scale, plus likes, follows
// and saved copies. The rows are computed by the database, not sent from here, so the same code is
// quick on PGlite and on PostgreSQL. Every generated value is a function of a row number, so a run
// on either database seeds the same community.
import type { Db, Queryable } from '../../apps/api/src/db/client.ts';
import { CATEGORY_CONTENT, FIRST_NAMES, PLACES, SURNAMES } from '../../apps/api/src/db/seed/demo-content.ts';

export interface LoadScale {
  people: number;
  collections: number;
  items: number;
}

export const FULL_SCALE: LoadScale = { people: 10_000, collections: 100_000, items: 500_000 };

/** `factor` of the full scale (BENCH_SCALE=0.1: 1k people, 10k collections, 50k items). */
export function scaleBy(factor: number): LoadScale {
  return {
    people: Math.max(10, Math.round(FULL_SCALE.people * factor)),
    collections: Math.max(10, Math.round(FULL_SCALE.collections * factor)),
    items: Math.max(10, Math.round(FULL_SCALE.items * factor)),
  };
}

/** At most this many likes on one public collection (the cube of a uniform draw: most get few). */
const MAX_LIKES = 12;
/** Share of likes that also follow the collection, and of collections that are saved copies. */
const FOLLOW_SHARE = 0.4;
const SAVED_SHARE = 0.03;
const PRIVATE_SHARE = 0.15;
/** Each person follows between these many others (~10 on average, as issue 26 sizes the timeline). */
const MIN_FOLLOWED = 5;
const MAX_FOLLOWED = 15;

// The same id for the same row number, on both databases: 16 characters as newId() makes.
const personId = (n: string) => `substr(md5('person.' || (${n})), 1, 16)`;
const collectionId = (n: string) => `substr(md5('collection.' || (${n})), 1, 16)`;
/** A uniform draw in [0, 1) from a text key; `salt` gives independent draws for one key. */
const draw = (key: string, salt: string) =>
  `((hashtext((${key})::text || '.${salt}') & 2147483647)::float8 / 2147483648)`;

/** Per category, its titles or items, numbered from 0 (`k`) out of `n`, for picking by number. */
const numbered = (columns: string) =>
  `SELECT ${columns}, (row_number() OVER (PARTITION BY category_id ORDER BY ord) - 1)::int AS k,
     count(*) OVER (PARTITION BY category_id)::int AS n`;

export interface SeedReport {
  people: number;
  collections: number;
  items: number;
  likes: number;
  collectionFollows: number;
  personFollows: number;
  savedCopies: number;
  activities: number;
  seconds: number;
}

export async function seedLoad(db: Db, scale: LoadScale, passwordHash: string): Promise<SeedReport> {
  const started = Date.now();
  const categories = await db.query<{ id: string; name: string }>('SELECT id, name FROM categories');
  const content = categories.filter((c) => CATEGORY_CONTENT[c.name]);
  const titles = content.flatMap((c) => CATEGORY_CONTENT[c.name]!.titles.map((t) => [c.id, t] as const));
  const items = content.flatMap((c) =>
    CATEGORY_CONTENT[c.name]!.items.map((line) => {
      const [name, description = ''] = line.split(' — ');
      return [c.id, name!, description] as const;
    }),
  );

  // One transaction with triggers off (the like and follow counters, and the foreign-key checks
  // of rows built consistent): the counters are computed once at the end instead of per row.
  await db.transaction(async (tx) => {
    await tx.exec('SET LOCAL session_replication_role = replica');
    await seedPeople(tx, scale, passwordHash);
    await tx.query(
      `WITH titles AS (${numbered('category_id, title')}
         FROM unnest($1::text[], $2::text[]) WITH ORDINALITY AS t(category_id, title, ord)),
       cats AS (SELECT category_id, (row_number() OVER (ORDER BY category_id) - 1)::int AS ci,
         count(*) OVER ()::int AS nc FROM (SELECT DISTINCT category_id FROM titles) d),
       g AS (SELECT g, now() - ${draw('g', 'updated')} * interval '120 days' AS updated_at
         FROM generate_series(0, $3::int - 1) g)
       INSERT INTO collections (id, user_id, category_id, name, description, private, created_at, updated_at)
       SELECT ${collectionId('g.g')}, ${personId('g.g % $4::int')}, c.category_id, t.title,
         t.title || ' — escolhas de ' || ($5::text[])[1 + (g.g % $4::int) % cardinality($5::text[])] || '.',
         ${draw('g.g', 'private')} < ${PRIVATE_SHARE},
         g.updated_at - ${draw('g.g', 'created')} * interval '60 days', g.updated_at
       FROM g
       JOIN cats c ON c.ci = (g.g + g.g / $4::int) % c.nc
       JOIN titles t ON t.category_id = c.category_id AND t.k = (hashtext(g.g::text) & 2147483647) % t.n`,
      [titles.map((t) => t[0]), titles.map((t) => t[1]), scale.collections, scale.people, FIRST_NAMES],
    );
    await seedItems(tx, scale, items);
    await seedSocial(tx, scale);
    await seedActivities(tx);
  });
  // As autovacuum would have by now: planner statistics and the visibility map.
  await db.exec('VACUUM ANALYZE');

  const count = async (sql: string) => (await db.query<{ n: number }>(`SELECT (${sql})::int AS n`))[0]!.n;
  return {
    people: await count('SELECT count(*) FROM users'),
    collections: await count('SELECT count(*) FROM collections'),
    items: await count('SELECT count(*) FROM collection_items'),
    likes: await count('SELECT count(*) FROM collection_likes'),
    collectionFollows: await count('SELECT count(*) FROM collection_followers'),
    personFollows: await count('SELECT count(*) FROM user_followers'),
    savedCopies: await count('SELECT count(*) FROM collections WHERE saved_from_id IS NOT NULL'),
    activities: await count('SELECT count(*) FROM activities'),
    seconds: (Date.now() - started) / 1000,
  };
}

async function seedPeople(tx: Queryable, scale: LoadScale, passwordHash: string) {
  await tx.query(
    `INSERT INTO users (id, name, email, password_hash, alias_name, country, state, city, created_at)
     SELECT ${personId('g')}, f.first || ' ' || ($2::text[])[1 + (g * 7 + g / cardinality($1::text[])) % cardinality($2::text[])],
       'pessoa' || g || '@load.acervo.app', $3, f.first, 'Brasil', ($4::text[])[p.i], ($5::text[])[p.i],
       now() - ${draw('g', 'joined')} * interval '365 days'
     FROM generate_series(0, $6::int - 1) g
     CROSS JOIN LATERAL (SELECT ($1::text[])[1 + g % cardinality($1::text[])] AS first) f
     CROSS JOIN LATERAL (SELECT 1 + (hashtext(g::text) & 2147483647) % cardinality($4::text[]) AS i) p`,
    [
      FIRST_NAMES,
      SURNAMES,
      passwordHash,
      PLACES.map((p) => p.state),
      PLACES.map((p) => p.city),
      scale.people,
    ],
  );
}

/**
 * Items per collection vary from 1 to twice the average less one; inserted in slices of ~50k. The
 * work key is written here as migration 027's trigger would (triggers are off while seeding).
 */
async function seedItems(tx: Queryable, scale: LoadScale, items: (readonly [string, string, string])[]) {
  const average = scale.items / scale.collections;
  const spread = Math.max(1, Math.round(2 * average - 1));
  const slices = Math.max(1, Math.ceil(scale.items / 50_000));
  for (let slice = 0; slice < slices; slice += 1) {
    await tx.query(
      `WITH content AS (${numbered('category_id, name, description')}
         FROM unnest($1::text[], $2::text[], $3::text[]) WITH ORDINALITY AS t(category_id, name, description, ord))
       INSERT INTO collection_items (id, collection_id, name, work_key, description, rating, position, created_at)
       SELECT substr(md5('item.' || c.id || '.' || p), 1, 16), c.id, ct.name,
         lower(unaccent(regexp_replace(btrim(ct.name), '\\s+', ' ', 'g'))), ct.description,
         CASE WHEN ${draw(`c.id || p`, 'rated')} < 0.85
           THEN (4 + floor(${draw(`c.id || p`, 'rating')} * 7)) / 2 END,
         p, c.created_at
       FROM collections c
       CROSS JOIN LATERAL generate_series(1, 1 + (hashtext(c.id) & 2147483647) % $4::int) p
       JOIN content ct ON ct.category_id = c.category_id AND ct.k = ((hashtext(c.id) & 2147483647) + p) % ct.n
       WHERE (hashtext(c.id || '.slice') & 2147483647) % $5::int = $6::int`,
      [items.map((i) => i[0]), items.map((i) => i[1]), items.map((i) => i[2]), spread, slices, slice],
    );
  }
}

async function seedSocial(tx: Queryable, scale: LoadScale) {
  // A few public collections are very popular; most have a handful of likes.
  await tx.query(
    `INSERT INTO collection_likes (collection_id, user_id, created_at)
     SELECT DISTINCT ON (c.id, f.fan) c.id, f.fan, c.updated_at
     FROM collections c
     CROSS JOIN LATERAL generate_series(1, floor(${draw('c.id', 'reach')} ^ 3 * ${MAX_LIKES + 1})::int) k
     CROSS JOIN LATERAL (SELECT ${personId(`(hashtext(c.id || '.' || k) & 2147483647) % $1::int`)} AS fan) f
     WHERE NOT c.private AND f.fan <> c.user_id`,
    [scale.people],
  );
  await tx.query(
    `INSERT INTO collection_followers (collection_id, user_id, created_at)
     SELECT collection_id, user_id, created_at FROM collection_likes
     WHERE ${draw(`collection_id || user_id`, 'follow')} < ${FOLLOW_SHARE}`,
  );
  await tx.query(
    `INSERT INTO user_followers (followed_id, follower_id)
     SELECT DISTINCT ${personId(`(g + 1 + (hashtext(g || '.' || k) & 2147483647) % ($1::int - 1)) % $1::int`)},
       ${personId('g')}
     FROM generate_series(0, $1::int - 1) g
     CROSS JOIN LATERAL generate_series(1, ${MIN_FOLLOWED} + (hashtext(g || '.follows') & 2147483647) % ${MAX_FOLLOWED - MIN_FOLLOWED + 1}) k`,
    [scale.people],
  );
  // Saved copies ("salva de ..."): a few collections point at another public one as their source.
  await tx.query(
    `UPDATE collections c SET saved_from_id = s.id
     FROM collections s
     WHERE ${draw('c.id', 'saved')} < ${SAVED_SHARE}
       AND s.id = ${collectionId(`(hashtext(c.id || '.source') & 2147483647) % $1::int`)}
       AND NOT s.private AND s.id <> c.id AND s.user_id <> c.user_id`,
    [scale.collections],
  );
  // The counters the triggers would have kept.
  await tx.exec(`
    UPDATE collections c SET likes_count = x.n
      FROM (SELECT collection_id, count(*)::int AS n FROM collection_likes GROUP BY 1) x WHERE c.id = x.collection_id;
    UPDATE collections c SET followers_count = x.n
      FROM (SELECT collection_id, count(*)::int AS n FROM collection_followers GROUP BY 1) x WHERE c.id = x.collection_id;
    UPDATE users u SET followers_count = x.n
      FROM (SELECT followed_id, count(*)::int AS n FROM user_followers GROUP BY 1) x WHERE u.id = x.followed_id;
    UPDATE users u SET following_count = x.n
      FROM (SELECT follower_id, count(*)::int AS n FROM user_followers GROUP BY 1) x WHERE u.id = x.follower_id;
  `);
}

/**
 * What "Seguindo" reads (decision 045), as the services would have written it: each collection
 * created (saved copies aside), each item added by the collection's owner at a moment between the
 * collection's creation and its last update, and each like.
 */
async function seedActivities(tx: Queryable) {
  await tx.exec(`
    INSERT INTO activities (id, actor_id, kind, collection_id, created_at)
      SELECT substr(md5('created.' || c.id), 1, 16), c.user_id, 'collection_created', c.id, c.created_at
      FROM collections c WHERE c.saved_from_id IS NULL;
    INSERT INTO activities (id, actor_id, kind, collection_id, item_id, created_at)
      SELECT substr(md5('added.' || i.id), 1, 16), c.user_id, 'item_added', c.id, i.id,
        c.created_at + ${draw('i.id', 'added')} * (c.updated_at - c.created_at)
      FROM collection_items i JOIN collections c ON c.id = i.collection_id;
    INSERT INTO activities (id, actor_id, kind, collection_id, created_at)
      SELECT substr(md5('liked.' || l.collection_id || l.user_id), 1, 16), l.user_id, 'collection_liked',
        l.collection_id, l.created_at
      FROM collection_likes l;
  `);
}
