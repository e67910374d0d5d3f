import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { IDEMPOTENCY_KEY_TTL_HOURS } from '@acervo/contract/idempotency';
import { withinTransaction, type Db, type Queryable } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';

/** What a creating write answers: kept as is for the retries of the same key. */
export interface WriteAnswer {
  status: number;
  body: unknown;
}

interface StoredAnswer {
  fingerprint: string;
  status: number;
  body: unknown;
}

const keyReused = () =>
  new AppError(
    422,
    'IDEMPOTENCY_KEY_REUSED',
    'Esta chave de idempotência já foi usada para outra requisição. Gere uma nova para cada ação.',
  );

/** The request a key stands for: method, path (with its query) and the validated body. */
function fingerprintOf(request: FastifyRequest): string {
  return createHash('sha256')
    .update(`${request.method} ${request.url}\n${JSON.stringify(request.body ?? null)}`)
    .digest('base64url');
}

function keyOf(request: FastifyRequest): string | undefined {
  const key = request.headers['idempotency-key'];
  // The route's header schema has already refused anything but one UUID.
  return typeof key === 'string' ? key.toLowerCase() : undefined;
}

const ownerOf = (request: FastifyRequest) => request.user?.id ?? null;

function send(reply: FastifyReply, answer: { status: number; body: unknown }, replayed: boolean) {
  if (replayed) reply.header('idempotent-replayed', 'true');
  return reply.status(answer.status).send(answer.body);
}

async function storedAnswer(
  db: Queryable,
  owner: string | null,
  key: string,
): Promise<StoredAnswer | undefined> {
  const [row] = await db.query<StoredAnswer>(
    `SELECT fingerprint, status, body FROM idempotency_keys
     WHERE coalesce(user_id, '') = coalesce($1, '') AND key = $2 AND status IS NOT NULL
       AND created_at > now() - make_interval(hours => $3)`,
    [owner, key, IDEMPOTENCY_KEY_TTL_HOURS],
    'idempotency_stored',
  );
  return row;
}

/**
 * A preHandler for keyed routes whose other preHandlers must not run twice for one action: a
 * retry is answered from the stored answer before a captcha token (single use) or a rate limit is
 * spent again. The handler's `respondOnce` still decides under the key's lock.
 */
export function replayStoredAnswer(db: Db) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const key = keyOf(request);
    if (!key) return;
    const stored = await storedAnswer(db, ownerOf(request), key);
    if (!stored) return;
    if (stored.fingerprint !== fingerprintOf(request)) throw keyReused();
    return send(reply, stored, true);
  };
}

/**
 * Runs a creating write and answers it. With an `Idempotency-Key`, the key is claimed, the write
 * runs and its answer is stored, all in one transaction: a crash stores neither or both, so a
 * retry either writes (nothing happened) or gets the first answer (it did). Two requests with the
 * same key at once: the second waits on the first's claim, then replays its answer. A write that
 * fails (4xx) stores nothing, so the key may be tried again.
 */
export async function respondOnce(
  db: Db,
  request: FastifyRequest,
  reply: FastifyReply,
  write: (db: Db) => Promise<WriteAnswer>,
) {
  const key = keyOf(request);
  if (!key) return send(reply, await write(db), false);
  const owner = ownerOf(request);
  const fingerprint = fingerprintOf(request);
  const { answer, replayed } = await db.transaction(async (tx) => {
    // A key older than its lifetime is taken over as new.
    const claimed = await tx.query(
      `INSERT INTO idempotency_keys (user_id, key, fingerprint) VALUES ($1, $2, $3)
       ON CONFLICT ((coalesce(user_id, '')), key) DO UPDATE
         SET fingerprint = EXCLUDED.fingerprint, status = NULL, body = NULL, created_at = now()
         WHERE idempotency_keys.created_at <= now() - make_interval(hours => $4)
       RETURNING 1`,
      [owner, key, fingerprint, IDEMPOTENCY_KEY_TTL_HOURS],
      'idempotency_claim',
    );
    if (claimed.length === 0) {
      const stored = await storedAnswer(tx, owner, key);
      if (!stored || stored.fingerprint !== fingerprint) throw keyReused();
      return { answer: stored, replayed: true };
    }
    const answer = await write(withinTransaction(tx, db));
    await tx.query(
      `UPDATE idempotency_keys SET status = $3, body = $4
       WHERE coalesce(user_id, '') = coalesce($1, '') AND key = $2`,
      [owner, key, answer.status, JSON.stringify(answer.body)],
      'idempotency_store',
    );
    return { answer, replayed: false };
  });
  return send(reply, answer, replayed);
}

/** Called by the hourly purge: answers past their lifetime are never replayed again. */
export async function purgeExpiredIdempotencyKeys(db: Queryable): Promise<number> {
  const rows = await db.query(
    `DELETE FROM idempotency_keys WHERE created_at <= now() - make_interval(hours => $1) RETURNING 1`,
    [IDEMPOTENCY_KEY_TTL_HOURS],
  );
  return rows.length;
}
