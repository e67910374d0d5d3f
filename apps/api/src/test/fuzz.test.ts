import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type * as z from 'zod/mini';
import { encodeCursor } from '../modules/collection/collection.service.ts';
import { FILMES } from '../modules/collection/collection.test-helpers.ts';
import { STREAM_ROUTES, appWithRouteTable, buildWorld, type ApiRoute } from './route-table.ts';
import { createTestContext, type TestContext } from './test-context.ts';

/**
 * Every request schema of the route table, fuzzed: params, query and body are generated from the
 * route's own zod schemas, mixing values of the right shape (including ids that exist) with hostile
 * ones (NUL, lone surrogates, huge strings, wrong types, forged cursors). Whatever comes in, the
 * answer is never a 5xx. Bounded: RUNS_PER_ROUTE requests per route, a few seconds per database.
 */
const RUNS_PER_ROUTE = 25;

let ctx: TestContext;
let app: FastifyInstance;
let routes: ApiRoute[];
let world: Awaited<ReturnType<typeof buildWorld>>;
beforeAll(async () => {
  ctx = await createTestContext();
  ({ app, routes } = await appWithRouteTable(ctx));
  world = await buildWorld(app);
  // A busy 2-core machine: the fixture (four sign-ups, two shared collections) may take a while.
}, 180_000);
afterAll(async () => {
  await app.close();
  await ctx.close();
});

const HOSTILE_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\uD800',
  '\uFFFF',
  '😀'.repeat(40),
  'x'.repeat(5_000),
  "'; DROP TABLE users; --",
  '%ff',
  '../../etc/passwd',
  '<script>alert(1)</script>',
  '2026-02-30T00:00:00.000000Z',
  '-1',
  '1e309',
  'null',
  encodeCursor(['2026-02-30T00:00:00.000000Z', 'x']),
  encodeCursor(['0000-01-01T00:00:00.000000Z', 'x']),
  encodeCursor([2 ** 40, '2026-01-01T00:00:00.000000Z', 'x']),
  encodeCursor(['2026-01-01T00:00:00.000000Z', 'a\u0000']),
  encodeCursor([1e308, 'x']),
  Buffer.from('[1,2').toString('base64url'),
];

const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(...HOSTILE_STRINGS),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.string({ maxLength: 5 }), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.string({ maxLength: 5 }), { maxKeys: 3 }),
);

/** Cursors we never issued, mostly of the shapes we do issue: impossible instants, wrong ranges. */
const instantText = fc.oneof(
  fc.constantFrom(
    '2026-02-30T00:00:00.000000Z',
    '0000-01-01T00:00:00.000000Z',
    '2026-01-01T24:00:00.000000Z',
  ),
  fc
    .date({ min: new Date(-1e14), max: new Date(1e14), noInvalidDate: true })
    .map((d) => d.toISOString().replace('Z', '000Z')),
);
const cursorId = fc.oneof(fc.string({ maxLength: 8 }), fc.constantFrom('a\u0000', 'x'.repeat(80)));
const cursorNumber = fc.oneof(fc.integer(), fc.double(), fc.constantFrom(2 ** 31, -1, 1e308));
const forgedCursor = fc
  .oneof(
    fc.tuple(instantText, cursorId),
    fc.tuple(cursorNumber, instantText, cursorId),
    fc.tuple(cursorNumber, cursorId),
    fc.array(fc.oneof(instantText, cursorNumber, cursorId), { maxLength: 4 }),
  )
  .map((parts) => encodeCursor(parts));

/** Fields whose values follow a format of ours get a generator of their own. */
const BY_FIELD_NAME: Record<string, fc.Arbitrary<unknown>> = { cursor: forgedCursor };

interface ZodNode {
  _zod: { def: { type: string } & Record<string, unknown> };
}

/** Values shaped like `schema` (zod 4's definition tree), now and then replaced by a hostile one. */
function arbitraryFor(schema: ZodNode, known: string[]): fc.Arbitrary<unknown> {
  const def = schema._zod.def;
  const inner = (key: string) => arbitraryFor(def[key] as ZodNode, known);
  let shaped: fc.Arbitrary<unknown>;
  switch (def.type) {
    case 'string':
      shaped = fc.oneof(
        { weight: 3, arbitrary: fc.constantFrom(...known, ...HOSTILE_STRINGS) },
        fc.string({ maxLength: 40 }),
        fc.string({ unit: 'binary', maxLength: 40 }),
      );
      break;
    case 'number':
      shaped = fc.oneof(
        { weight: 4, arbitrary: fc.integer({ min: -1, max: 60 }) },
        fc.integer(),
        fc.double(),
      );
      break;
    case 'boolean':
      shaped = fc.boolean();
      break;
    case 'enum':
      shaped = fc.constantFrom(...Object.values(def.entries as Record<string, string>));
      break;
    case 'literal':
      shaped = fc.constantFrom(...(def.values as unknown[]));
      break;
    case 'optional':
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
      return fc.option(inner('innerType'), { nil: undefined });
    case 'nullable':
      return fc.option(inner('innerType'), { nil: null });
    case 'pipe':
      return inner('in');
    case 'object': {
      const shape = def.shape as Record<string, ZodNode>;
      shaped = fc.record(
        Object.fromEntries(
          Object.entries(shape).map(([key, field]) => [
            key,
            BY_FIELD_NAME[key] ? fc.option(BY_FIELD_NAME[key]) : arbitraryFor(field, known),
          ]),
        ),
        { requiredKeys: Object.keys(shape).filter((key) => shape[key]!._zod.def.type !== 'optional') },
      );
      break;
    }
    case 'array':
      shaped = fc.array(inner('element'), { maxLength: 4 });
      break;
    case 'union':
      shaped = fc.oneof(...(def.options as ZodNode[]).map((option) => arbitraryFor(option, known)));
      break;
    default:
      shaped = hostileValue;
  }
  return fc.oneof({ weight: 5, arbitrary: shaped }, { weight: 1, arbitrary: hostileValue });
}

const asNode = (schema: z.core.$ZodType) => schema as unknown as ZodNode;

/** Path parameters are mostly ids that exist, so that requests get past the look-up. */
function paramsArbitrary(schema: z.core.$ZodType, known: string[]): fc.Arbitrary<unknown> {
  const shape = asNode(schema)._zod.def.shape as Record<string, ZodNode>;
  return fc.record(
    Object.fromEntries(
      Object.entries(shape).map(([key, field]) => [
        key,
        fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...known) }, arbitraryFor(field, known)),
      ]),
    ),
  );
}

/**
 * A generated value as URL text: objects from fc.dictionary have no prototype to call, and a lone
 * surrogate cannot be percent-encoded (UTF-8 turns it into U+FFFD, as a browser would).
 */
const asText = (value: unknown) =>
  Buffer.from(value !== null && typeof value === 'object' ? JSON.stringify(value) : String(value)).toString();

function pathOf(route: ApiRoute, params: unknown): string {
  const values = (params && typeof params === 'object' ? params : {}) as Record<string, unknown>;
  return route.url.replace(/:([a-z_]+)/g, (_, name: string) =>
    encodeURIComponent(asText(values[name] ?? 'x')),
  );
}

function queryOf(query: unknown): string {
  if (!query || typeof query !== 'object') return '';
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined) continue;
    for (const one of [value].flat()) search.append(key, asText(one));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

describe('fuzzing every request schema', () => {
  it('never answers a 5xx, signed in or not', async () => {
    const known = [
      world.private.collection.id,
      world.public.collection.id,
      world.private.item.id,
      world.public.item.id,
      world.owner.user_id,
      world.stranger.user_id,
      world.viewer.user_id,
      world.owner.user_email,
      world.inviteToken,
      FILMES,
      'pt',
      'editor',
      'viewer',
    ];
    const people = { owner: world.owner, editor: world.editor, stranger: world.stranger };
    // Deletions last, so that what they remove was fuzzed before it went.
    // An event stream takes no input to fuzz and never ends an `inject` (the matrix covers who may open it).
    const ordered = routes
      .filter((route) => !STREAM_ROUTES.has(route.key))
      .sort((a, b) => Number(a.method === 'DELETE') - Number(b.method === 'DELETE'));
    expect(ordered.length).toBeGreaterThan(40);
    for (const route of ordered) {
      const none = fc.constant(undefined);
      const input = fc.record({
        who: fc.constantFrom<keyof typeof people | 'anonymous'>(
          'owner',
          'owner',
          'editor',
          'stranger',
          'anonymous',
        ),
        params: route.params ? paramsArbitrary(route.params, known) : none,
        query: route.querystring ? arbitraryFor(asNode(route.querystring), known) : none,
        body: route.body ? arbitraryFor(asNode(route.body), known) : none,
      });
      await fc.assert(
        fc.asyncProperty(input, async ({ who, params, query, body }) => {
          const res = await app.inject({
            method: route.method as 'GET',
            url: pathOf(route, params) + queryOf(query),
            headers: {
              ...(who === 'anonymous' ? {} : people[who].auth),
              ...(body === undefined ? {} : { 'content-type': 'application/json' }),
            },
            ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
          });
          if (res.statusCode >= 500) {
            throw new Error(`${route.key} answered ${res.statusCode}: ${res.body}`);
          }
          // Errors are JSON always; a success is JSON unless the route answers a file (the CSV exports).
          if (String(res.headers['content-type']).startsWith('application/json') || res.statusCode >= 300) {
            expect(res.json()).toBeTypeOf('object');
          } else {
            expect(res.headers['content-disposition']).toMatch(/^attachment; /);
          }
        }),
        { numRuns: RUNS_PER_ROUTE, endOnFailure: true },
      );
    }
  }, 180_000);
});
