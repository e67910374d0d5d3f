import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';

/** How long a category's first page is shared by its readers (decision 023). */
const PAGE_TTL_MS = 2000;
/** First pages only: categories x sorts x limits stay few, but never unbounded. */
const MAX_PAGES = 2000;
/** Other processes hear of a person's writes on this channel (PostgreSQL only). */
const WROTE_CHANNEL = 'acervo_wrote';
const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

declare module 'fastify' {
  interface FastifyInstance {
    /** The shared first pages of category feeds; see registerCategoryPages. */
    categoryPages: CategoryPages;
  }
}

/**
 * A category's first page, without what depends on the reader, computed at most every two seconds
 * however many read it: the feed's query is the dearest read there is (issue 14). The reader's own
 * fields (liked, followed, role) and whether each card is still public are looked up fresh on
 * every request by the caller. Someone who has just written anything (a collection, an item, a
 * like) reads around it, so their write shows at once to them.
 */
export class CategoryPages {
  private readonly pages = new Map<string, { until: number; page: Promise<unknown> }>();
  private readonly writers = new Map<string, number>();
  /**
   * Whether shared pages may be used: on PostgreSQL only while this process hears the others'
   * writes (a lost LISTEN connection would hide them).
   */
  usable = true;

  /** The page under `key`, computed by `compute` when missing or stale; concurrent misses share one. */
  get<T>(key: string, compute: () => Promise<T>, now = Date.now()): Promise<T> {
    const cached = this.pages.get(key);
    if (cached && cached.until > now) return cached.page as Promise<T>;
    if (this.pages.size >= MAX_PAGES) this.dropStale(now);
    const page = compute();
    this.pages.set(key, { until: now + PAGE_TTL_MS, page });
    // A failed computation is not kept: the next reader tries again.
    page.catch(() => {
      if (this.pages.get(key)?.page === page) this.pages.delete(key);
    });
    return page;
  }

  /** Whether `userId` wrote within a page's lifetime: then no shared page may hide their write. */
  private wroteRecently(userId: string, now = Date.now()): boolean {
    const at = this.writers.get(userId);
    return at !== undefined && now - at < PAGE_TTL_MS;
  }

  /**
   * Whether `userId` may be answered from what is shared: this process hears the others' writes
   * and they have not just written themselves.
   */
  sharedFor(userId: string, now = Date.now()): boolean {
    return this.usable && !this.wroteRecently(userId, now);
  }

  noteWrite(userId: string, now = Date.now()): void {
    if (this.writers.size >= MAX_PAGES * 10) this.dropStale(now);
    this.writers.set(userId, now);
  }

  /** Forgets every page: for data changed behind the API's back (tests truncating tables). */
  clear(): void {
    this.pages.clear();
  }

  private dropStale(now: number): void {
    for (const [key, { until }] of this.pages) if (until <= now) this.pages.delete(key);
    for (const [id, at] of this.writers) if (now - at >= PAGE_TTL_MS) this.writers.delete(id);
    // Still full of live pages (cursors are not cached, so only on many categories and limits).
    if (this.pages.size >= MAX_PAGES) this.pages.clear();
  }
}

/**
 * One `CategoryPages` per app, and the hook that notes writers: any successful write by a signed-in
 * person, before the answer leaves, so their next read already goes around the shared page. On
 * PostgreSQL the other processes hear of it too (NOTIFY); PGlite has only this process.
 */
export async function registerCategoryPages(app: FastifyInstance, db: Db): Promise<void> {
  const pages = new CategoryPages();
  app.decorate('categoryPages', pages);
  if (db.kind === 'postgres') {
    pages.usable = false;
    const stop = await db.listen(WROTE_CHANNEL, {
      onMessage: (userId) => pages.noteWrite(userId),
      onListening: (listening) => (pages.usable = listening),
    });
    app.addHook('onClose', stop);
  }
  app.addHook('onSend', async (request, reply) => {
    if (!request.user || READ_METHODS.has(request.method) || reply.statusCode >= 400) return;
    pages.noteWrite(request.user.id);
    if (db.kind === 'postgres') {
      await db.query('SELECT pg_notify($1, $2)', [WROTE_CHANNEL, request.user.id], 'notify_wrote');
    }
  });
}
