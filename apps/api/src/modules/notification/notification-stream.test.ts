import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestContext, signUp, type TestContext } from '../../test/test-context.ts';
import { addItem, createCollection, type Session } from '../collection/collection.test-helpers.ts';
import { LIVE_STREAMS_PER_PERSON } from './live-events.ts';
import { openStream, type OpenStream } from './live.test-helpers.ts';

let ctx: TestContext;
let baseUrl: string;
beforeAll(async () => {
  ctx = await createTestContext();
  baseUrl = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
});
beforeEach(() => ctx.reset());
afterAll(async () => {
  // A stream the client aborted can keep its socket on the server's side until the next write
  // (a heartbeat, 25 s): measured, `app.close()` then waited ~70 s for this file.
  ctx.app.server.closeAllConnections();
  await ctx.close();
});

const opened: OpenStream[] = [];
afterEach(() => {
  for (const stream of opened.splice(0)) stream.close();
});

async function streamOf(who: Session, headers: Record<string, string> = {}): Promise<OpenStream> {
  const stream = await openStream(baseUrl, { ...who.auth, ...headers });
  opened.push(stream);
  expect(stream.status, stream.body).toBe(200);
  return stream;
}

async function ok(method: 'PUT' | 'DELETE', url: string, who: Session) {
  const res = await ctx.request(method, url, who);
  expect(res.statusCode, res.body).toBe(200);
}

const unreadOf = (event: { data: unknown }) => (event.data as { unread: number }).unread;

describe('GET /api/v1/notification/stream', () => {
  it('is refused without a token', async () => {
    const stream = await openStream(baseUrl);
    expect(stream.status).toBe(401);
    expect(JSON.parse(stream.body)).toMatchObject({ error: { code: 'UNAUTHENTICATED' } });
  });

  it('tells the bell within 2 s of the like that caused it', async () => {
    const [ana, bia] = [await signUp(ctx.app), await signUp(ctx.app)];
    const collection = await createCollection(ctx.app, bia);
    const stream = await streamOf(bia);
    // The badge at once: only "complete your registration" so far.
    const first = await stream.next();
    expect([first.event, unreadOf(first)]).toEqual(['notification', 1]);
    expect(first.id).toBeTruthy();

    const likedAt = performance.now();
    await ok('PUT', `/api/v1/collection/${collection.id}/like`, ana);
    const liked = await stream.nextOf('notification');
    expect(unreadOf(liked)).toBe(2);
    expect(liked.at - likedAt).toBeLessThan(2000);
  });

  it('tells a follower of the actor that Seguindo has news, and not someone who does not follow', async () => {
    const [ana, follower, stranger] = [await signUp(ctx.app), await signUp(ctx.app), await signUp(ctx.app)];
    const collection = await createCollection(ctx.app, ana);
    await ok('PUT', `/api/v1/user/${ana.user_id}/follow`, follower);
    const [followerStream, strangerStream] = [await streamOf(follower), await streamOf(stranger)];
    await followerStream.nextOf('notification');
    await strangerStream.nextOf('notification');

    await addItem(ctx.app, ana, collection.id);
    expect(await followerStream.nextOf('timeline')).toMatchObject({ event: 'timeline', data: {} });
    // The stranger's hint, had there been one, went out with the follower's: the next event the
    // stranger gets is the one caused after, not a timeline hint.
    const theirs = await createCollection(ctx.app, stranger, { name: 'Outra' });
    await ok('PUT', `/api/v1/collection/${theirs.id}/like`, ana);
    expect((await strangerStream.next()).event).toBe('notification');
  });

  it('says nothing of an item added to a private collection, even to a follower', async () => {
    const [ana, follower] = [await signUp(ctx.app), await signUp(ctx.app)];
    const secret = await createCollection(ctx.app, ana, { private: true });
    await ok('PUT', `/api/v1/user/${ana.user_id}/follow`, follower);
    const stream = await streamOf(follower);
    await stream.nextOf('notification');
    // The public collection is news to the follower, told once its batch goes out. Made here and
    // waited for: made before the follow, its batch could still go out after it (a busy machine,
    // PostgreSQL's gate run) and reach the follower in the middle of what follows.
    const open = await createCollection(ctx.app, ana, { name: 'Aberta' });
    await stream.nextOf('timeline');

    await addItem(ctx.app, ana, secret.id);
    // Something the follower is told of with a notice only (a like of theirs would also be news on
    // their timeline, told in the same batch, in either order): the next event is that notice.
    await ok('PUT', `/api/v1/user/${follower.user_id}/follow`, ana);
    expect((await stream.next()).event).toBe('notification');
    // And the public one does reach them.
    await addItem(ctx.app, ana, open.id);
    expect((await stream.next()).event).toBe('timeline');
  });

  it('ends when the session signs out, not when another session of the person does, and with every session', async () => {
    const bia = await signUp(ctx.app);
    const other = await ctx.request('POST', '/api/v1/session', undefined, {
      user: { email: bia.user_email, password: bia.password },
    });
    expect(other.statusCode).toBe(200);
    const otherSession = { ...bia, auth: { authorization: `Bearer ${other.json().data.access_token}` } };
    const [stream, otherStream] = [await streamOf(bia), await streamOf(otherSession)];
    await stream.next();
    await otherStream.next();

    const res = await ctx.request('DELETE', '/api/v1/session', bia);
    expect(res.statusCode).toBe(200);
    await stream.ended();
    // The other session's stream still hears: a like reaches it.
    const ana = await signUp(ctx.app);
    const collection = await createCollection(ctx.app, otherSession);
    await ok('PUT', `/api/v1/collection/${collection.id}/like`, ana);
    expect((await otherStream.nextOf('notification')).event).toBe('notification');
    // A reconnection with the ended token is refused.
    expect((await openStream(baseUrl, bia.auth)).status).toBe(401);
    // "Sair de todos os dispositivos" (as a suspension or a password change does) ends the rest.
    expect((await ctx.request('DELETE', '/api/v1/sessions', otherSession)).statusCode).toBe(200);
    await otherStream.ended();
  });

  it('sends the badge and a timeline hint at once to a client that reconnects with Last-Event-ID', async () => {
    const bia = await signUp(ctx.app);
    const first = await (await streamOf(bia)).next();
    const again = await streamOf(bia, { 'last-event-id': first.id! });
    const events = [await again.next(), await again.next()];
    expect(events.map((e) => e.event).sort()).toEqual(['notification', 'timeline']);
  });

  it(`refuses a person's stream past ${LIVE_STREAMS_PER_PERSON} with 429`, async () => {
    const bia = await signUp(ctx.app);
    for (let i = 0; i < LIVE_STREAMS_PER_PERSON; i++) await (await streamOf(bia)).next();
    const refused = await openStream(baseUrl, bia.auth);
    expect(refused.status).toBe(429);
    expect(JSON.parse(refused.body)).toMatchObject({ error: { code: 'RATE_LIMITED' } });
    // Someone else is not counted against.
    await streamOf(await signUp(ctx.app));
  });

  it('ends open streams when the app closes', async () => {
    const app = await ctx.buildApp();
    const url = await app.listen({ port: 0, host: '127.0.0.1' });
    const bia = await signUp(app);
    const stream = await openStream(url, bia.auth);
    opened.push(stream);
    await stream.next();
    const closing = app.close();
    await stream.ended();
    await closing;
  });
});
