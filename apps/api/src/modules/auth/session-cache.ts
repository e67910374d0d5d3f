import type { Db } from '../../db/client.ts';

/** The channel migration 014's trigger notifies with the token hash of every ended session. */
const SESSION_ENDED_CHANNEL = 'acervo_session_ended';

/** Enough for every active person of a node; past it the oldest entries go first. */
const MAX_ENTRIES = 50_000;

export interface SessionUser {
  id: string;
  name: string;
  email: string;
  sessionId: string;
  /** When the session's lifetime ends (ms since the epoch). */
  expiresAt: number;
}

interface Entry {
  user: SessionUser;
  /** Until when the entry may answer (ms since the epoch). */
  until: number;
}

/**
 * Token hash -> user, for a few seconds, so a request does not cost a database round trip to say
 * who is asking (issue 14, decision 023). Whatever ends a session evicts it at once: on this
 * process by the route that ended it (`forgetToken`, `forgetUser`), on every process by the
 * database's notification (`listenForEndedSessions`). While that notification channel is down the
 * cache answers nothing, since it would not hear of ended sessions.
 */
export class SessionCache {
  private readonly entries = new Map<string, Entry>();
  /** Bumped by every eviction: a lookup that started before one must not store its answer. */
  private generation = 0;
  private listening = false;

  constructor(private readonly ttlMs: number) {}

  /** Call before the database lookup; pass the result to `set`. */
  get epoch(): number {
    return this.generation;
  }

  get(tokenHash: string, now = Date.now()): SessionUser | undefined {
    if (!this.listening) return undefined;
    const entry = this.entries.get(tokenHash);
    if (!entry) return undefined;
    if (entry.until > now) return entry.user;
    this.entries.delete(tokenHash);
    return undefined;
  }

  /** Stores what the database said at `epoch`, unless a session ended since (a race with sign-out). */
  set(tokenHash: string, user: SessionUser, epoch: number, now = Date.now()): void {
    if (this.ttlMs <= 0 || !this.listening || epoch !== this.generation) return;
    if (this.entries.size >= MAX_ENTRIES) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(tokenHash, { user, until: Math.min(now + this.ttlMs, user.expiresAt) });
  }

  forgetToken(tokenHash: string): void {
    this.generation += 1;
    this.entries.delete(tokenHash);
  }

  /** Every session of a person (all revoked, the password changed, the account deleted). */
  forgetUser(userId: string): void {
    this.generation += 1;
    for (const [hash, entry] of this.entries) if (entry.user.id === userId) this.entries.delete(hash);
  }

  private setListening(listening: boolean): void {
    // Notifications sent while not listening are lost: nothing cached before can be trusted.
    this.generation += 1;
    this.entries.clear();
    this.listening = listening;
  }

  /**
   * Hears the ends of sessions from every process over the database (LISTEN/NOTIFY, migration
   * 014). Resolves to a function that stops listening.
   */
  async listenForEndedSessions(db: Db): Promise<() => Promise<void>> {
    if (this.ttlMs <= 0) return async () => {};
    return db.listen(SESSION_ENDED_CHANNEL, {
      onMessage: (tokenHash) => this.forgetToken(tokenHash),
      onListening: (listening) => this.setListening(listening),
    });
  }
}
