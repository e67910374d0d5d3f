import type { FastifyInstance, RouteOptions } from 'fastify';
import type * as z from 'zod/mini';
import { buildApp } from '../app.ts';
import { testConfig } from '../env.ts';
import { TEST_DEFAULTS } from './test-context.ts';
import {
  addCollaborator,
  addItem,
  createCollection,
  type Session,
} from '../modules/collection/collection.test-helpers.ts';
import { signUp, type TestContext } from './test-context.ts';

/** Routes that answer with an event stream: an `inject` would wait for its end forever. */
export const STREAM_ROUTES = new Set(['GET /api/v1/notification/stream']);

/** One API route as Fastify registered it, with the zod schemas it validates its input with. */
export interface ApiRoute {
  /** `METHOD /api/v1/path/:param`, the key of the tables that describe every route. */
  key: string;
  method: string;
  url: string;
  params?: z.core.$ZodType;
  querystring?: z.core.$ZodType;
  body?: z.core.$ZodType;
}

/**
 * Builds an app over the test database that records its route table: every `/api/v1` route,
 * HEAD twins left out. Tests derived from it (fuzzing, the authorization matrix) cover a route the
 * moment it is added.
 */
export async function appWithRouteTable(
  ctx: TestContext,
): Promise<{ app: FastifyInstance; routes: ApiRoute[] }> {
  const routes: ApiRoute[] = [];
  const app = await buildApp({
    // Limits high enough for the hundreds of requests of one fixture-rebuilding test.
    config: testConfig({
      ...TEST_DEFAULTS,
      ...Object.fromEntries(
        [
          'AUTH_RATE_LIMIT_PER_IP',
          'AUTH_RATE_LIMIT_PER_ACCOUNT',
          'SOCIAL_DAILY_LIKES',
          'SOCIAL_DAILY_FOLLOWS',
          'SOCIAL_DAILY_SAVES',
          'SOCIAL_DAILY_INVITES',
          'SOCIAL_DAILY_BLOCKS',
          'SOCIAL_DAILY_REPORTS',
          'SOCIAL_DAILY_COMMENTS',
          'SOCIAL_DAILY_COLLECTIONS',
          'ITEM_WRITES_PER_MINUTE',
          'COLLECTION_WRITES_PER_MINUTE',
          'COMMENTS_PER_MINUTE',
        ].map((name) => [name, '100000']),
      ),
    }),
    db: ctx.db,
    onRoute: (route: RouteOptions) => {
      const schema = (route.schema ?? {}) as Pick<ApiRoute, 'params' | 'querystring' | 'body'>;
      for (const method of [route.method].flat()) {
        if (method === 'HEAD' || !route.url.startsWith('/api/v1/')) continue;
        routes.push({
          key: `${method} ${route.url}`,
          method,
          url: route.url,
          ...(schema.params ? { params: schema.params } : {}),
          ...(schema.querystring ? { querystring: schema.querystring } : {}),
          ...(schema.body ? { body: schema.body } : {}),
        });
      }
    },
  });
  await app.ready();
  return { app, routes };
}

/**
 * Four people and what they share: `owner` owns a private and a public collection (one item and
 * one comment of the owner's each),
 * `viewer` and `editor` collaborate on both, `stranger` is only signed in; plus an invite link and
 * the id of the owner's session.
 */
export async function buildWorld(app: FastifyInstance) {
  const [owner, stranger, viewer, editor] = await Promise.all([
    signUp(app),
    signUp(app),
    signUp(app),
    signUp(app),
  ]);
  const world = { owner, stranger, viewer, editor };
  // The id of the owner's one session (the sign-up's), for the routes that name a session.
  const sessions = await app.inject({ method: 'GET', url: '/api/v1/sessions', headers: owner.auth });
  if (sessions.statusCode !== 200)
    throw new Error(`sessions failed: ${sessions.statusCode} ${sessions.body}`);
  const [ownerSession] = (sessions.json() as { data: { id: string }[] }).data;
  return { ...world, ownerSessionId: ownerSession!.id, ...(await shareCollections(app, world)) };
}

/** Fresh collections of `owner`, shared as `buildWorld` describes (cheap: no new people). */
export async function shareCollections(
  app: FastifyInstance,
  { owner, viewer, editor }: { owner: Session; viewer: Session; editor: Session },
) {
  const make = async (isPrivate: boolean) => {
    const collection = await createCollection(app, owner, { private: isPrivate });
    const item = await addItem(app, owner, collection.id);
    await addCollaborator(app, owner, collection.id, viewer, 'viewer');
    await addCollaborator(app, owner, collection.id, editor, 'editor');
    const comment = await app.inject({
      method: 'POST',
      url: `/api/v1/collection/${collection.id}/comments`,
      headers: owner.auth,
      payload: { body: 'Um comentário do dono' },
    });
    if (comment.statusCode !== 201) throw new Error(`comment failed: ${comment.statusCode} ${comment.body}`);
    return { collection, item, comment: (comment.json() as { data: { id: string } }).data };
  };
  const [privateOne, publicOne] = [await make(true), await make(false)];
  const invite = await app.inject({
    method: 'POST',
    url: `/api/v1/collection/${privateOne.collection.id}/invite_link`,
    headers: owner.auth,
    payload: { role: 'viewer' },
  });
  if (invite.statusCode !== 201) throw new Error(`invite link failed: ${invite.statusCode} ${invite.body}`);
  return {
    private: privateOne,
    public: publicOne,
    inviteToken: (invite.json() as { data: { token: string } }).data.token,
  };
}
