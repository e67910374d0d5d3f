import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, newAccount, signUp, type TestContext } from '../../test/test-context.ts';
import { addItem, createCollection, FILMES, type Session } from './collection.test-helpers.ts';

/**
 * Issue 23: names made only of invisible characters, or carrying right-to-left overrides that make
 * them read as something else on screen, were accepted. Each is refused with a validation code.
 */
let ctx: TestContext;
let owner: Session;
let collectionId: string;
let itemId: string;
beforeAll(async () => {
  ctx = await createTestContext();
  owner = await signUp(ctx.app);
  collectionId = (await createCollection(ctx.app, owner)).id;
  itemId = (await addItem(ctx.app, owner, collectionId)).id;
});
afterAll(() => ctx.close());

/** Only zero-width and other invisible characters: nothing shows. */
const INVISIBLE = [
  '\u200B\u200B',
  '\u200C\u200D\u2060',
  '\uFEFF\u200B',
  '\u3164\u3164',
  '\u2800',
  '\u00AD\u034F',
];
/** A name that shows "Filmesexe.mp4" as "Filmes4pm.exe", and embeddings/isolates. */
const BIDI = [
  'Filmes\u202Eexe.mp4',
  'a\u202Ab',
  'a\u202Bb',
  'a\u202Cb',
  'a\u202Db',
  'a\u2066b',
  'a\u2067b',
  'a\u2068b',
  'a\u2069b',
];

const account = {
  name: 'Fernanda Oliveira',
  alias_name: 'Nanda',
  cellular: '11 98765-4321',
  birthday: '23/04/1990',
  address: 'Rua Augusta, 1500, apto 42',
  country: 'Brasil',
  state: 'São Paulo',
  city: 'São Paulo',
  postal_code: '01304001',
};

/** Each place a name or description is written, with a body that puts `value` in `field`. */
const writes: { what: string; field: string; send: (value: string) => ReturnType<TestContext['request']> }[] =
  [
    {
      what: 'a new collection',
      field: 'name',
      send: (name) => ctx.request('POST', '/api/v1/collection', owner, { category_id: FILMES, name }),
    },
    {
      what: "a collection's description",
      field: 'description',
      send: (description) =>
        ctx.request('PUT', `/api/v1/collection/${collectionId}`, owner, {
          category_id: FILMES,
          name: 'Filmes',
          description,
        }),
    },
    {
      what: 'a new item',
      field: 'name',
      send: (name) =>
        ctx.request('POST', '/api/v1/collection_items', owner, { collection_id: collectionId, name }),
    },
    {
      what: "an item's description",
      field: 'description',
      send: (description) =>
        ctx.request('PUT', `/api/v1/collection_items/${itemId}`, owner, { name: 'Item', description }),
    },
    {
      what: 'a registration',
      field: 'name',
      send: (name) => ctx.request('POST', '/api/v1/registration', undefined, { ...newAccount(), name }),
    },
    {
      what: "a person's name",
      field: 'name',
      send: (name) => ctx.request('PUT', `/api/v1/user/${owner.user_id}`, owner, { ...account, name }),
    },
    {
      what: "a person's alias",
      field: 'alias_name',
      send: (alias_name) =>
        ctx.request('PUT', `/api/v1/user/${owner.user_id}`, owner, { ...account, alias_name }),
    },
  ];

describe('invisible and direction-changing names (issue 23)', () => {
  for (const { what, field, send } of writes) {
    it(`refuses them in ${what}: 400 textInvisible / textBidiControl`, async () => {
      for (const value of INVISIBLE) {
        const res = await send(value);
        expect(res.statusCode, JSON.stringify(value)).toBe(400);
        expect(res.json().error.fields, JSON.stringify(value)).toEqual({ [field]: 'textInvisible' });
      }
      for (const value of BIDI) {
        const res = await send(value);
        expect(res.statusCode, JSON.stringify(value)).toBe(400);
        expect(res.json().error.fields, JSON.stringify(value)).toEqual({ [field]: 'textBidiControl' });
      }
      // Names in any script, with marks and emoji (whose joiners are invisible on their own) pass.
      for (const value of ['Café ☕', 'שלום עולם', 'مرحبا', '👩‍👩‍👧 família', 'Ἀθῆναι']) {
        const res = await send(value);
        expect(res.statusCode, `${value}: ${res.body}`).toBeLessThan(300);
      }
    });
  }
});
