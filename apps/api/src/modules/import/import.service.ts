import {
  SKIPPED_LISTED_MAX,
  type ImportJob,
  type ImportPlan,
  type ImportPreview,
  type PlannedItem,
} from '@acervo/contract/import';
import { ITEMS_PER_COLLECTION_MAX } from '@acervo/contract/collection-item';
import type { Db, Queryable } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { newId } from '../../lib/ids.ts';
import type { Viewer } from '../access/access.policy.ts';
import { isoUtc } from '../collection/collection.service.ts';
import { dailyCapReached } from '../daily-cap/daily-cap.service.ts';

export const importNotFound = () => new AppError(404, 'NOT_FOUND', 'Importação não encontrada.');

/** Entries written per transaction: short enough that PGlite is never held for long (decision 042). */
const BATCH_DEFAULT = 200;
/** A claimed import's lease; each batch renews it. A process that dies lets it run out. */
const LEASE_SECONDS = 60;
/** Claims of one import (restarts, failed batches) before it is given up. */
const ATTEMPTS_MAX = 3;

/** What the preview shows: the plan's collections with their item counts. */
export function previewOf(plan: ImportPlan): ImportPreview {
  const counts = plan.collections.map(() => ({ items: 0, rated: 0 }));
  for (const item of plan.items) {
    counts[item.c]!.items += 1;
    if (item.rating !== null) counts[item.c]!.rated += 1;
  }
  return {
    format: plan.format,
    collections: plan.collections.map((c, i) => ({
      name: c.name,
      category_id: c.category_id,
      ...counts[i]!,
    })),
    items: plan.items.length,
    skipped_count: plan.skipped.length,
    skipped: plan.skipped.slice(0, SKIPPED_LISTED_MAX),
  };
}

/** The seeded categories (a plain CSV's `category` column names one). */
export function listCategories(db: Queryable) {
  return db.query<{ id: string; name: string }>('SELECT id, name FROM categories', [], 'import_categories');
}

/**
 * Queues an import of `plan` for the viewer: at most one queued or running per person (409), at
 * most `perDay` started in 24 hours (429).
 */
export async function createImport(
  db: Db,
  viewer: Viewer,
  plan: ImportPlan,
  visibility: 'public' | 'private',
  perDay: number,
): Promise<{ id: string }> {
  return db.transaction(async (tx) => {
    // One person's uploads queue here, so two at once cannot both pass the checks below.
    await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`imports:${viewer.id}`]);
    const [row] = await tx.query<{ today: number; active: number }>(
      `SELECT count(*) FILTER (WHERE created_at > now() - interval '1 day')::int AS today,
         count(*) FILTER (WHERE status IN ('queued', 'running'))::int AS active
       FROM imports WHERE user_id = $1`,
      [viewer.id],
    );
    if (row!.active > 0) {
      throw new AppError(
        409,
        'IMPORT_IN_PROGRESS',
        'Você já tem uma importação em andamento. Espere ela terminar para enviar outro arquivo.',
      );
    }
    if (row!.today >= perDay) throw dailyCapReached();
    const id = newId();
    await tx.query(
      `INSERT INTO imports (id, user_id, format, visibility, plan, rows_total)
       VALUES ($1, $2, $3, $4, $5::jsonb, $6)`,
      [id, viewer.id, plan.format, visibility, JSON.stringify(plan), plan.items.length],
    );
    return { id };
  });
}

interface ImportRow {
  id: string;
  user_id: string;
  status: ImportJob['status'];
  format: ImportJob['format'];
  visibility: ImportJob['visibility'];
  rows_total: number;
  cursor: number;
  items_created: number;
  items_present: number;
  skipped: ImportPlan['skipped'];
  error: string | null;
  created_at: string;
  collections: CreatedCollection[];
  groups: string[] | null;
}

interface CreatedCollection {
  id: string;
  name: string;
  group: string;
}

/** The collections an import created in the order of its file (then its parts by name). */
function inPlanOrder(collections: CreatedCollection[], groups: string[]): CreatedCollection[] {
  const at = (c: CreatedCollection) => groups.indexOf(c.group);
  return [...collections].sort(
    (a, b) => at(a) - at(b) || a.name.length - b.name.length || a.name.localeCompare(b.name),
  );
}

/** The viewer's own import; anyone else's does not exist (404). */
export async function getImport(db: Queryable, id: string, viewer: Viewer): Promise<ImportJob> {
  const [row] = await db.query<ImportRow>(
    `SELECT j.id, j.user_id, j.status, j.format, j.visibility, j.rows_total, j.cursor, j.items_created,
       j.items_present, j.plan->'skipped' AS skipped, j.error, ${isoUtc('j.created_at')} AS created_at,
       CASE WHEN j.status = 'done' THEN coalesce((
         SELECT json_agg(json_build_object('id', c.id, 'name', c.name, 'group', c.import_group))
         FROM collections c WHERE c.import_id = j.id), '[]') ELSE '[]' END AS collections,
       (SELECT json_agg(x->>'group') FROM jsonb_array_elements(j.plan->'collections') x) AS groups
     FROM imports j WHERE j.id = $1 AND j.user_id = $2`,
    [id, viewer.id],
    'import_by_id',
  );
  if (!row) throw importNotFound();
  return {
    id: row.id,
    status: row.status,
    format: row.format,
    visibility: row.visibility,
    progress: { done: row.cursor, total: row.rows_total },
    outcome: {
      collections: inPlanOrder(row.collections, row.groups ?? []).map(({ id, name }) => ({ id, name })),
      items_created: row.items_created,
      items_present: row.items_present,
      skipped_count: row.skipped.length,
      skipped: row.skipped.slice(0, SKIPPED_LISTED_MAX),
    },
    error: row.error,
    created_at: row.created_at,
  };
}

// ---- The job ----

interface ClaimedImport {
  id: string;
  user_id: string;
  visibility: 'public' | 'private';
  plan: ImportPlan;
  cursor: number;
  attempts: number;
}

/**
 * Claims the oldest queued import, or a running one whose lease ran out (its process died): safe
 * with several API processes (FOR UPDATE SKIP LOCKED), and one person's imports run in order.
 */
async function claimImport(db: Db): Promise<ClaimedImport | null> {
  const [row] = await db.query<ClaimedImport>(
    `UPDATE imports SET status = 'running', attempts = attempts + 1,
       lease_until = now() + make_interval(secs => $1)
     WHERE id = (
       SELECT id FROM imports
       WHERE status = 'queued' OR (status = 'running' AND lease_until < now())
       ORDER BY created_at, id LIMIT 1 FOR UPDATE SKIP LOCKED)
     RETURNING id, user_id, visibility, plan, cursor, attempts`,
    [LEASE_SECONDS],
    'import_claim',
  );
  return row ?? null;
}

/** Where the entries of one planned collection go: its current part and how full it is. */
interface Target {
  id: string;
  items: number;
  part: number;
}

export interface RunOptions {
  /** Entries per transaction. */
  batchSize?: number;
  /** Asked between batches: true stops the run and leaves the import to be resumed. */
  shouldStop?: () => boolean;
}

/**
 * Runs every due import once (in this process, one after the other). Returns how many it
 * finished (done or failed).
 */
export async function runDueImports(db: Db, options: RunOptions = {}): Promise<number> {
  let finished = 0;
  for (;;) {
    if (options.shouldStop?.()) return finished;
    const job = await claimImport(db);
    if (!job) return finished;
    if (await runImport(db, job, options)) finished += 1;
  }
}

/** Writes the rest of one claimed import; true once it is done or failed. */
async function runImport(db: Db, job: ClaimedImport, options: RunOptions): Promise<boolean> {
  if (job.attempts > ATTEMPTS_MAX) {
    await failImport(
      db,
      job.id,
      'A importação falhou várias vezes e foi cancelada. Tente enviar o arquivo de novo.',
    );
    return true;
  }
  const batchSize = options.batchSize ?? BATCH_DEFAULT;
  const targets = new Map<number, Target>();
  let cursor = job.cursor;
  try {
    while (cursor < job.plan.items.length) {
      if (options.shouldStop?.()) {
        // Another process may take it over at once.
        await db.query(`UPDATE imports SET lease_until = now() WHERE id = $1 AND attempts = $2`, [
          job.id,
          job.attempts,
        ]);
        return false;
      }
      const batch = job.plan.items.slice(cursor, cursor + batchSize);
      const ours = await db.transaction((tx) => writeBatch(tx, job, cursor, batch, targets));
      if (!ours) return false;
      cursor += batch.length;
      // Requests waiting for the database go first.
      await new Promise((resolve) => setImmediate(resolve));
    }
    await finishImport(db, job);
    return true;
  } catch (err) {
    // The batch rolled back; the next claim resumes from the last one committed.
    if (job.attempts >= ATTEMPTS_MAX) {
      await failImport(
        db,
        job.id,
        'Não foi possível concluir a importação. Nada foi importado; tente de novo.',
      );
      return true;
    }
    await db.query(
      `UPDATE imports SET status = 'queued', lease_until = NULL WHERE id = $1 AND attempts = $2`,
      [job.id, job.attempts],
    );
    throw err;
  }
}

/**
 * One batch in one transaction: the entries not yet in their collection (by source id, across
 * the collection's parts) are added last, in order; the cursor and counts move with them. False
 * when the import is no longer this run's (another process took it over).
 */
async function writeBatch(
  tx: Queryable,
  job: ClaimedImport,
  cursor: number,
  batch: PlannedItem[],
  targets: Map<number, Target>,
): Promise<boolean> {
  const [mine] = await tx.query(
    `SELECT 1 FROM imports WHERE id = $1 AND attempts = $2 AND status = 'running' AND cursor = $3 FOR UPDATE`,
    [job.id, job.attempts, cursor],
    'import_batch_lock',
  );
  if (!mine) return false;
  const groups = [...new Set(batch.map((i) => job.plan.collections[i.c]!.group))];
  const present = await tx.query<{ import_group: string; source_id: string }>(
    `SELECT DISTINCT c.import_group, i.source_id FROM collection_items i JOIN collections c ON c.id = i.collection_id
     WHERE c.user_id = $1 AND c.import_group = ANY($2::text[]) AND i.source_id = ANY($3::text[])`,
    [job.user_id, groups, batch.map((i) => i.source_id)],
    'import_present',
  );
  const isPresent = new Set(present.map((p) => `${p.import_group}\u0000${p.source_id}`));
  const fresh = batch.filter(
    (i) => !isPresent.has(`${job.plan.collections[i.c]!.group}\u0000${i.source_id}`),
  );
  for (const [c, items] of groupBy(fresh, (i) => i.c)) {
    let rest = items;
    while (rest.length > 0) {
      const target = await targetFor(tx, job, c, targets);
      const room = ITEMS_PER_COLLECTION_MAX - target.items;
      const chunk = rest.slice(0, room);
      rest = rest.slice(room);
      await insertItems(tx, job.id, target.id, chunk);
      target.items += chunk.length;
    }
  }
  await tx.query(
    `UPDATE imports SET cursor = cursor + $2, items_created = items_created + $3,
       items_present = items_present + $4, lease_until = now() + make_interval(secs => $5)
     WHERE id = $1`,
    [job.id, batch.length, fresh.length, batch.length - fresh.length, LEASE_SECONDS],
    'import_batch_done',
  );
  return true;
}

/**
 * The plan without the entries whose name or description holds a term the operators blocked:
 * those become skipped rows (one statement for the whole file).
 */
export async function dropBlocked(db: Queryable, plan: ImportPlan): Promise<ImportPlan> {
  if (plan.items.length === 0) return plan;
  const rows = await db.query<{ n: number }>(
    `SELECT DISTINCT (f.n - 1)::int AS n FROM unnest($1::text[]) WITH ORDINALITY AS f(text, n)
     JOIN blocked_terms t ON position(lower(unaccent(t.term)) IN lower(unaccent(f.text))) > 0`,
    [plan.items.map((i) => `${i.name}\n${i.description}`)],
  );
  if (rows.length === 0) return plan;
  const blocked = new Set(rows.map((r) => r.n));
  return {
    ...plan,
    items: plan.items.filter((_, n) => !blocked.has(n)),
    skipped: [
      ...plan.skipped,
      ...plan.items
        .filter((_, n) => blocked.has(n))
        .map((i) => ({ file: i.file, line: i.line, reason: 'blocked_term' as const })),
    ],
  };
}

function groupBy<T, K>(list: T[], key: (t: T) => K): Map<K, T[]> {
  const map = new Map<K, T[]>();
  for (const t of list) {
    const k = key(t);
    const group = map.get(k);
    if (group) group.push(t);
    else map.set(k, [t]);
  }
  return map;
}

/**
 * The collection a planned collection's next entry goes into: the person's newest part of that
 * import group with room, else a new part ("Favoritos (2)" past ITEMS_PER_COLLECTION_MAX). A new
 * one is private and marked as this import's until the import is done.
 */
async function targetFor(
  tx: Queryable,
  job: ClaimedImport,
  c: number,
  targets: Map<number, Target>,
): Promise<Target> {
  const cached = targets.get(c);
  if (cached && cached.items < ITEMS_PER_COLLECTION_MAX) return cached;
  const planned = job.plan.collections[c]!;
  const parts = await tx.query<{ id: string; items: number }>(
    `SELECT c.id, (SELECT count(*)::int FROM collection_items i WHERE i.collection_id = c.id) AS items
     FROM collections c WHERE c.user_id = $1 AND c.import_group = $2 AND c.category_id = $3
     ORDER BY c.created_at, c.id`,
    [job.user_id, planned.group, planned.category_id],
    'import_parts',
  );
  const open = parts.findLast((p) => p.items < ITEMS_PER_COLLECTION_MAX);
  let target: Target;
  if (open) {
    target = { id: open.id, items: open.items, part: parts.length };
  } else {
    const part = parts.length + 1;
    const id = newId();
    await tx.query(
      `INSERT INTO collections (id, user_id, category_id, name, description, private, import_group, import_id)
       VALUES ($1, $2, $3, $4, $5, true, $6, $7)`,
      [
        id,
        job.user_id,
        planned.category_id,
        part === 1 ? planned.name : `${planned.name} (${part})`,
        planned.description,
        planned.group,
        job.id,
      ],
      'import_collection_insert',
    );
    target = { id, items: 0, part };
  }
  targets.set(c, target);
  return target;
}

async function insertItems(tx: Queryable, importId: string, collectionId: string, items: PlannedItem[]) {
  if (items.length === 0) return;
  await tx.query(
    `WITH last AS (
       SELECT coalesce(max(position), 0) AS p FROM collection_items WHERE collection_id = $1
     ), touched AS (
       UPDATE collections SET updated_at = now() WHERE id = $1
     )
     INSERT INTO collection_items (id, collection_id, name, description, rating, position, year, source_id, import_id)
     SELECT x.id, $1, x.name, x.description, x.rating, last.p + x.n, x.year, x.source_id, $2
     FROM last, unnest($3::text[], $4::text[], $5::text[], $6::numeric[], $7::int[], $8::text[])
       WITH ORDINALITY AS x(id, name, description, rating, year, source_id, n)`,
    [
      collectionId,
      importId,
      items.map(() => newId()),
      items.map((i) => i.name),
      items.map((i) => i.description),
      items.map((i) => i.rating),
      items.map((i) => i.year),
      items.map((i) => i.source_id),
    ],
    'import_items_insert',
  );
}

/**
 * Done: the collections this import created take the chosen visibility, and the person is told.
 * A history brought in at once counts in their suggestions at once: their cached candidates go,
 * where one rating would wait up to a minute for them (decision 081).
 */
async function finishImport(db: Db, job: ClaimedImport): Promise<void> {
  await db.transaction(async (tx) => {
    const [mine] = await tx.query(
      `UPDATE imports SET status = 'done', finished_at = now(), lease_until = NULL
       WHERE id = $1 AND attempts = $2 AND status = 'running' RETURNING 1`,
      [job.id, job.attempts],
    );
    if (!mine) return;
    await tx.query(`UPDATE collections SET private = $2, updated_at = now() WHERE import_id = $1`, [
      job.id,
      job.visibility === 'private',
    ]);
    const created = await tx.query<CreatedCollection>(
      'SELECT id, name, import_group AS "group" FROM collections WHERE import_id = $1',
      [job.id],
    );
    const first = inPlanOrder(
      created,
      job.plan.collections.map((c) => c.group),
    )[0];
    await tx.query(
      `INSERT INTO notifications (id, recipient_id, kind, actor_id, collection_id)
       VALUES (replace(gen_random_uuid()::text, '-', ''), $1, 'import_done', $1, $2)`,
      [job.user_id, first?.id ?? null],
    );
    await tx.query('DELETE FROM recommendation_cache WHERE user_id = $1', [job.user_id]);
  });
}

/**
 * Failed: what the import wrote goes (its items, also in collections that were already there,
 * and the collections it created), so nothing half-imported stays.
 */
async function failImport(db: Db, id: string, message: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.query('DELETE FROM collection_items WHERE import_id = $1', [id]);
    await tx.query('DELETE FROM collections WHERE import_id = $1', [id]);
    await tx.query(
      `UPDATE imports SET status = 'failed', error = $2, finished_at = now(), lease_until = NULL WHERE id = $1`,
      [id, message],
    );
  });
}

/**
 * Deletes the records of imports finished or failed more than `retentionDays` ago: each keeps the
 * whole file as parsed (`plan`), which nothing reads once it is done. What the import created
 * stays; its items and collections lose only the link (`import_id`, ON DELETE SET NULL).
 */
export async function purgeFinishedImports(db: Queryable, retentionDays: number): Promise<number> {
  const purged = await db.query<{ id: string }>(
    `DELETE FROM imports WHERE status IN ('done', 'failed') AND finished_at < now() - $1 * interval '1 day'
     RETURNING id`,
    [retentionDays],
    'imports_purge',
  );
  return purged.length;
}
