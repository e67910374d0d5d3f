import type { FastifyBaseLogger } from 'fastify';
import type { ServerResponse } from 'node:http';
import type { Db } from '../../db/client.ts';
import { activityOnTimelineOf } from '../access/access.sql.ts';
import { unreadNotifications } from './notification.service.ts';

/** Migration 020's triggers: `notification:<recipient id>` and `activity:<activity id>`. */
const USER_EVENT_CHANNEL = 'acervo_user_event';
/** Migration 014's trigger: the token hash of every ended session. */
const SESSION_ENDED_CHANNEL = 'acervo_session_ended';

/** A browser has six connections per host over HTTP/1.1: a few tabs, not a leak, fit. */
export const LIVE_STREAMS_PER_PERSON = 5;
/** Each stream holds a socket and a little memory; past this a process says it is busy. */
export const LIVE_STREAMS_PER_PROCESS = 2_000;
/** Under nginx's and most proxies' idle timeouts (60 s), over what costs anything. */
const HEARTBEAT_MS = 25_000;
/** Messages of one burst (a transaction adding ten items) are answered with one query. */
const BATCH_MS = 50;
/** A client that stopped reading is let go rather than buffered for. */
const MAX_UNSENT_BYTES = 64 * 1024;

export type LiveEventName = 'notification' | 'timeline';

export interface LiveStream {
  userId: string;
  tokenHash: string;
  res: ServerResponse;
}

/** Why a stream may not open now, if it may not. */
export type LiveRefusal = 'person' | 'process' | 'unavailable';

/**
 * The event streams of the people connected to this process (issue 26, `GET /notification/stream`)
 * and the one database subscription that feeds them: whatever process writes a notice or an
 * activity, its transaction's NOTIFY reaches every process, and each tells its own viewers. The
 * payloads name rows only; who should hear of an activity (followers of its actor or collection
 * who may see it) is asked of the database here, with the timeline's own visibility rule.
 */
export class LiveEvents {
  private readonly streams = new Set<LiveStream>();
  private readonly byUser = new Map<string, Set<LiveStream>>();
  private readonly listening = { events: false, sessions: false };
  private readonly pendingRecipients = new Set<string>();
  private readonly pendingActivities = new Set<string>();
  private flushTimer: NodeJS.Timeout | undefined;
  private heartbeat: NodeJS.Timeout | undefined;
  private stops: (() => Promise<void>)[] = [];
  private sequence = 0;
  private closed = false;

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
  ) {}

  async start(): Promise<void> {
    this.stops = await Promise.all([
      this.db.listen(USER_EVENT_CHANNEL, {
        onMessage: (payload) => this.heard(payload),
        onListening: (on) => this.setListening('events', on),
      }),
      this.db.listen(SESSION_ENDED_CHANNEL, {
        onMessage: (tokenHash) => {
          for (const stream of this.streams) if (stream.tokenHash === tokenHash) this.end(stream);
        },
        onListening: (on) => this.setListening('sessions', on),
      }),
    ]);
    this.heartbeat = setInterval(() => {
      for (const stream of this.streams) this.write(stream, ': keep-alive\n\n');
    }, HEARTBEAT_MS);
    this.heartbeat.unref();
  }

  /** Ends every stream (clients reconnect elsewhere) and stops listening: for shutdown. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    clearInterval(this.heartbeat);
    clearTimeout(this.flushTimer);
    for (const stream of this.streams) this.end(stream);
    await Promise.all(this.stops.map((stop) => stop()));
  }

  refusal(userId: string): LiveRefusal | undefined {
    if (this.closed || !this.listening.events || !this.listening.sessions) return 'unavailable';
    if ((this.byUser.get(userId)?.size ?? 0) >= LIVE_STREAMS_PER_PERSON) return 'person';
    if (this.streams.size >= LIVE_STREAMS_PER_PROCESS) return 'process';
    return undefined;
  }

  /** Takes over an answer whose event-stream headers were written; it ends when the client goes. */
  add(userId: string, tokenHash: string, res: ServerResponse): LiveStream {
    const stream: LiveStream = { userId, tokenHash, res };
    this.streams.add(stream);
    const mine = this.byUser.get(userId) ?? new Set<LiveStream>();
    this.byUser.set(userId, mine.add(stream));
    res.on('close', () => this.forget(stream));
    return stream;
  }

  /** One event to every stream of `userId` on this process. */
  send(userId: string, event: LiveEventName, data: object): void {
    for (const stream of this.byUser.get(userId) ?? []) this.sendTo(stream, event, data);
  }

  sendTo(stream: LiveStream, event: LiveEventName, data: object): void {
    // Ids are for the client's Last-Event-ID: on reconnect any process answers with the state now.
    this.sequence += 1;
    const id = `${Date.now().toString(36)}-${this.sequence}`;
    this.write(stream, `id: ${id}\nevent: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
  }

  private write(stream: LiveStream, text: string): void {
    if (stream.res.writableLength > MAX_UNSENT_BYTES) return this.end(stream);
    stream.res.write(text);
  }

  end(stream: LiveStream): void {
    this.forget(stream);
    stream.res.end();
  }

  private forget(stream: LiveStream): void {
    if (!this.streams.delete(stream)) return;
    const mine = this.byUser.get(stream.userId);
    mine?.delete(stream);
    if (mine?.size === 0) this.byUser.delete(stream.userId);
  }

  private setListening(which: 'events' | 'sessions', on: boolean): void {
    this.listening[which] = on;
    // Deaf meanwhile: a stream would miss events and, worse, the end of its session.
    if (!on) for (const stream of this.streams) this.end(stream);
  }

  private heard(payload: string): void {
    if (this.streams.size === 0) return;
    const colon = payload.indexOf(':');
    const kind = payload.slice(0, colon);
    const id = payload.slice(colon + 1);
    if (kind === 'notification') {
      if (!this.byUser.has(id)) return;
      this.pendingRecipients.add(id);
    } else if (kind === 'activity') {
      this.pendingActivities.add(id);
    } else {
      return;
    }
    this.flushTimer ??= setTimeout(() => void this.flush(), BATCH_MS);
  }

  private async flush(): Promise<void> {
    this.flushTimer = undefined;
    const recipients = [...this.pendingRecipients];
    const activities = [...this.pendingActivities];
    this.pendingRecipients.clear();
    this.pendingActivities.clear();
    try {
      await Promise.all([
        ...recipients.map(async (userId) => {
          const unread = await unreadNotifications(this.db, { id: userId });
          this.send(userId, 'notification', { unread });
        }),
        this.tellFollowers(activities),
      ]);
    } catch (err) {
      this.log.warn({ err }, 'live events: could not tell connected viewers');
    }
  }

  private async tellFollowers(activityIds: string[]): Promise<void> {
    const viewers = [...this.byUser.keys()];
    if (activityIds.length === 0 || viewers.length === 0) return;
    const rows = await this.db.query<{ viewer_id: string }>(
      FOLLOWERS_WHO_SEE,
      [activityIds, viewers],
      'live_activity_viewers',
    );
    for (const { viewer_id } of rows) this.send(viewer_id, 'timeline', {});
  }
}

/**
 * Which of the viewers `$2` would find one of the activities `$1` on their timeline: they follow
 * its actor or its collection, and the timeline's visibility rule lets them see it.
 */
const FOLLOWERS_WHO_SEE = `
  SELECT DISTINCT v.id AS viewer_id
  FROM unnest($2::text[]) AS v(id)
  JOIN activities a ON a.id = ANY($1::text[])
  JOIN users au ON au.id = a.actor_id
  JOIN collections c ON c.id = a.collection_id
  WHERE a.actor_id <> v.id
    AND (EXISTS (SELECT 1 FROM user_followers f WHERE f.follower_id = v.id AND f.followed_id = a.actor_id)
      OR EXISTS (SELECT 1 FROM collection_followers cf
                 WHERE cf.user_id = v.id AND cf.collection_id = a.collection_id))
    AND ${activityOnTimelineOf('a', 'au', 'c', 'v.id')}`;
