import * as z from 'zod/mini';

/**
 * `Idempotency-Key` on creating writes (issue 14): a UUID the client chooses per user action and
 * sends again on its retries. The first answer (status and body) is kept for 24 hours; a retry with
 * the same key gets it again, marked `Idempotent-Replayed: true`, without a second write. The same
 * key with another request (method, path or body) is refused with 422 IDEMPOTENCY_KEY_REUSED.
 */
export const idempotencyHeaders = z.object({
  'idempotency-key': z.optional(z.uuid()).register(z.globalRegistry, {
    description: 'A UUID chosen per user action and repeated on its retries: the write happens once',
  }),
});

/** How long a stored answer is replayed; afterwards the key counts as new. */
export const IDEMPOTENCY_KEY_TTL_HOURS = 24;
