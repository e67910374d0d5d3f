import rateLimit, { type FastifyRateLimitStore, type FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { RateLimiterMemory, RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible';
import type { Db } from '../db/client.ts';
import { AppError } from '../lib/app-error.ts';

export const tooManyAttempts = () =>
  new AppError(429, 'RATE_LIMITED', 'Muitas tentativas. Aguarde um pouco e tente novamente.');

/** Created by migration 013 (UNLOGGED: counters need no crash safety and should cost no WAL). */
const TABLE = 'rate_limits';
/** Rows whose window ended this long ago are deleted, every CLEANUP_MS, by each node. */
const EXPIRED_FOR_MS = 60 * 60 * 1000;
const CLEANUP_MS = 5 * 60 * 1000;

/** rate-limiter-flexible talks to `pg`'s `query({ text, values, name })`; this is that, over our Db. */
function pgShapedClient(db: Db) {
  return {
    async query(q: { text: string; values?: unknown[]; name?: string }) {
      const rows = await db.query(q.text, q.values, q.name);
      return { rows, rowCount: rows.length };
    },
  };
}
type Client = ReturnType<typeof pgShapedClient>;
type Result = { current: number; ttl: number };
type Callback = (error: Error | null, result?: Result) => void;

/**
 * @fastify/rate-limit's store interface over rate-limiter-flexible's PostgreSQL limiter, so every
 * API node counts in the same rows (decision 025). One store per route (`child`), its keys prefixed
 * with the route, as the plugin's own stores keep routes apart. rate-limiter-flexible fixes the
 * window and maximum per limiter while the plugin passes them per call: one limiter per pair.
 */
class DatabaseStore implements FastifyRateLimitStore {
  private readonly limiters = new Map<string, RateLimiterPostgres>();

  constructor(
    private readonly client: Client,
    private readonly prefix: string,
  ) {}

  private limiter(timeWindow: number, max: number): RateLimiterPostgres {
    const id = `${timeWindow}/${max}`;
    let limiter = this.limiters.get(id);
    if (!limiter) {
      limiter = new RateLimiterPostgres({
        storeClient: this.client,
        storeType: 'client',
        tableName: TABLE,
        tableCreated: true,
        clearExpiredByTimeout: false,
        keyPrefix: this.prefix,
        points: max,
        duration: timeWindow / 1000,
      });
      this.limiters.set(id, limiter);
    }
    return limiter;
  }

  incr(key: string, callback: Callback, timeWindow: number, max: number): void {
    // Past `max` the limiter rejects with the same result it resolves with under it; the plugin
    // decides what is over from `current` itself.
    const answer = (res: unknown) =>
      res instanceof RateLimiterRes
        ? callback(null, { current: res.consumedPoints, ttl: res.msBeforeNext })
        : callback(res instanceof Error ? res : new Error(String(res)));
    this.limiter(timeWindow, max).consume(key).then(answer, answer);
  }

  /** What `createRateLimit` limiters called with `{ increment: false }` use: a look, no count. */
  read(key: string, callback: Callback, timeWindow: number, max: number): void {
    this.limiter(timeWindow, max)
      .get(key)
      .then(
        (res) =>
          callback(
            null,
            res ? { current: res.consumedPoints, ttl: res.msBeforeNext } : { current: 0, ttl: 0 },
          ),
        (err: Error) => callback(err),
      );
  }

  child(routeOptions: { method?: unknown; url?: unknown; routeInfo?: { method?: unknown; url?: unknown } }) {
    const route = routeOptions.routeInfo ?? {};
    // Routes get `METHOD/url`; limiters made with createRateLimit have no route, and keys of their own.
    const prefix = route.url ? `${String(route.method)}${String(route.url)}` : 'limiter';
    return new DatabaseStore(this.client, prefix);
  }
}

/** The store's constructor as the plugin wants it (it calls `new Store(options)`), bound to `db`. */
function databaseStore(db: Db): FastifyRateLimitStoreCtor {
  const client = pgShapedClient(db);
  return class extends DatabaseStore {
    constructor() {
      super(client, 'global');
    }
  };
}

/**
 * Rate limits are opt-in per route. Whichever limit is hit, the client gets the same 429
 * `RATE_LIMITED` body and a `Retry-After` header. On PostgreSQL the counts live in the database,
 * shared by every API node; on the embedded database (one process) in memory, so a request costs
 * no commit.
 */
export async function registerRateLimit(app: FastifyInstance, db: Db): Promise<void> {
  const shared = db.kind === 'postgres';
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: tooManyAttempts,
    ...(shared ? { store: databaseStore(db) } : {}),
  });
  if (!shared) return;
  const cleanup = setInterval(() => {
    db.query(`DELETE FROM ${TABLE} WHERE expire < $1`, [Date.now() - EXPIRED_FOR_MS]).catch(() => {
      // Not critical: the next round deletes them.
    });
  }, CLEANUP_MS);
  cleanup.unref();
  app.addHook('onClose', async () => clearInterval(cleanup));
}

/** Route `config` for at most `max` requests a minute from one IP address. */
export const perIpPerMinute = (max: number) => ({ rateLimit: { max, timeWindow: '1 minute' } });

type Limiter = ReturnType<FastifyInstance['createRateLimit']>;

type LimitStatus = Awaited<ReturnType<Limiter>>;

/** A limiter's answer that stops the request: not allow-listed, and over the limit. */
const over = (status: LimitStatus): status is Extract<LimitStatus, { isAllowed: false }> =>
  !status.isAllowed && status.isExceeded;

/**
 * Counts the request against `limiter`, and says whether it was within the limit, for a route that
 * answers past it itself instead of with a 429.
 */
export const countedWithin = async (limiter: Limiter, request: FastifyRequest): Promise<boolean> =>
  !over(await limiter(request));

/** Counts (or only checks) the request against `limiter`; 429 with Retry-After once it is over. */
async function enforce(limiter: Limiter, request: FastifyRequest, reply: FastifyReply, increment: boolean) {
  const status = await limiter(request, { increment });
  if (!over(status)) return;
  reply.header('retry-after', String(Math.max(1, status.ttlInSeconds)));
  throw tooManyAttempts();
}

/**
 * A `preHandler` allowing one signed-in person (an anonymous caller: their address) at most `max`
 * requests per `timeWindow` over every route that uses it (one shared count, whatever their
 * address). `name` keeps the counts of different budgets apart in the shared store. Runs after
 * authentication, which the key needs.
 */
export function perPerson(
  app: FastifyInstance,
  { name, max, timeWindow }: { name: string; max: number; timeWindow: string },
) {
  const limiter = app.createRateLimit({
    max,
    timeWindow,
    keyGenerator: (request: FastifyRequest) =>
      request.user ? `${name}:person:${request.user.id}` : `${name}:ip:${request.ip}`,
  });
  return (request: FastifyRequest, reply: FastifyReply) => enforce(limiter, request, reply, true);
}

/** `perPerson` per minute. */
export const perPersonPerMinute = (app: FastifyInstance, max: number, name: string) =>
  perPerson(app, { name, max, timeWindow: '1 minute' });

/**
 * A per-person budget of `max` points per `seconds` where one request may spend many (a saved
 * copy spends its items). Shared by every node on PostgreSQL, in memory on the embedded database,
 * like the other limits. Returns a charge: past the budget it gives the points back and throws 429
 * `RATE_LIMITED` with Retry-After, so a refused request costs nothing.
 */
export function pointsBudget(db: Db, { name, max, seconds }: { name: string; max: number; seconds: number }) {
  const options = { keyPrefix: name, points: max, duration: seconds };
  const limiter =
    db.kind === 'postgres'
      ? new RateLimiterPostgres({
          ...options,
          storeClient: pgShapedClient(db),
          storeType: 'client',
          tableName: TABLE,
          tableCreated: true,
          clearExpiredByTimeout: false,
        })
      : new RateLimiterMemory(options);
  return async (reply: FastifyReply, personId: string, points: number): Promise<void> => {
    if (points <= 0) return;
    try {
      await limiter.consume(personId, points);
    } catch (res) {
      if (!(res instanceof RateLimiterRes)) throw res;
      await limiter.reward(personId, points);
      reply.header('retry-after', String(Math.max(1, Math.ceil(res.msBeforeNext / 1000))));
      throw tooManyAttempts();
    }
  };
}
