import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Collection } from '@acervo/contract/collection';
import { createTestContext, signUp, type TestContext } from '../../test/test-context.ts';
import { addItem, createCollection, sleep, type Session } from '../collection/collection.test-helpers.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
beforeEach(() => ctx.reset());
afterAll(() => ctx.close());

const get = (url: string, who?: Session) => ctx.request('GET', url, who);
const send = (method: 'POST' | 'PUT' | 'DELETE', url: string, who: Session | undefined, payload?: object) =>
  ctx.request(method, url, who, payload);

async function scene() {
  const owner = await signUp(ctx.app, { name: 'Carla Dias' });
  const other = await signUp(ctx.app, { name: 'Diego Melo' });
  const pub = await createCollection(ctx.app, owner, { name: 'Pública' });
  const priv = await createCollection(ctx.app, owner, { name: 'Secreta', private: true });
  const pubItem = await addItem(ctx.app, owner, pub.id, { name: 'Item público', rating: 4 });
  const privItem = await addItem(ctx.app, owner, priv.id, { name: 'Item secreto' });
  return { owner, other, pub, priv, pubItem, privItem };
}

const lastUpdated = async (id: string, who: Session) =>
  Date.parse(((await get(`/api/v1/collection/${id}`, who)).json().data as Collection).last_updated);

describe('POST /api/v1/collection_items', () => {
  it('adds items last, answers 201 with the item and marks the collection as updated', async () => {
    const owner = await signUp(ctx.app);
    const col = await createCollection(ctx.app, owner);
    await sleep(5);
    const res = await send('POST', '/api/v1/collection_items', owner, {
      collection_id: col.id,
      name: ' Cidade de Deus ',
      description: 'Fernando Meirelles, 2002',
      rating: 4.5,
      year: 2002,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toEqual({
      id: expect.stringMatching(/^[A-Za-z0-9_-]{16}$/),
      collection_id: col.id,
      name: 'Cidade de Deus',
      description: 'Fernando Meirelles, 2002',
      rating: 4.5,
      year: 2002,
      source_url: null,
      position: 1,
      image: null,
    });
    expect(await lastUpdated(col.id, owner)).toBeGreaterThan(Date.parse(col.last_updated));
    const second = await addItem(ctx.app, owner, col.id, { name: 'Sem nota', description: undefined });
    expect(second).toMatchObject({ position: 2, rating: null, description: '' });
  });

  it.each([
    ['no collection', { name: 'X' }, 'collection_id', 'collectionRequired'],
    ['no name', { name: undefined }, 'name', 'itemNameRequired'],
    ['a blank name', { name: '  ' }, 'name', 'itemNameRequired'],
    ['a NUL in the name', { name: 'a\u0000' }, 'name', 'invalidCharacter'],
    ['a NUL in the description', { description: '\u0000' }, 'description', 'invalidCharacter'],
    ['a rating of 0', { rating: 0 }, 'rating', 'ratingInvalid'],
    ['a rating above 5', { rating: 5.5 }, 'rating', 'ratingInvalid'],
    ['a rating off the half steps', { rating: 3.3 }, 'rating', 'ratingInvalid'],
    ['a rating as text', { rating: '4' }, 'rating', 'ratingInvalid'],
    ['a year of 0', { year: 0 }, 'year', 'itemYearInvalid'],
    ['a year with a fraction', { year: 2019.5 }, 'year', 'itemYearInvalid'],
    ['a year as text', { year: '2019' }, 'year', 'itemYearInvalid'],
    ['a name too long', { name: 'x'.repeat(201) }, 'name', 'tooLong'],
    ['a description too long', { description: 'x'.repeat(2001) }, 'description', 'tooLong'],
  ])('answers 400 naming the field and its validation code for %s', async (_why, body, field, code) => {
    const owner = await signUp(ctx.app);
    const col = await createCollection(ctx.app, owner);
    const payload = { collection_id: col.id, name: 'Item', ...body };
    if (field === 'collection_id') delete (payload as { collection_id?: string }).collection_id;
    const res = await send('POST', '/api/v1/collection_items', owner, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields[field]).toBe(code);
    expect(((await get(`/api/v1/collection/${col.id}`, owner)).json().data as Collection).items_count).toBe(
      0,
    );
  });

  it('refuses strangers: 403 on a public collection, 404 on a private or unknown one, 401 anonymous', async () => {
    const { owner, other, pub, priv } = await scene();
    const body = (id: string) => ({ collection_id: id, name: 'Intruso' });
    const forbidden = await send('POST', '/api/v1/collection_items', other, body(pub.id));
    expect(forbidden.statusCode).toBe(403);
    expect((await send('POST', '/api/v1/collection_items', other, body(priv.id))).statusCode).toBe(404);
    expect((await send('POST', '/api/v1/collection_items', other, body('naoexiste0000000'))).statusCode).toBe(
      404,
    );
    expect((await send('POST', '/api/v1/collection_items', undefined, body(pub.id))).statusCode).toBe(401);
    expect((await get(`/api/v1/collection/${pub.id}`, owner)).json().data.items_count).toBe(1);
    expect((await get(`/api/v1/collection/${priv.id}`, owner)).json().data.items_count).toBe(1);
  });
});

describe('GET /api/v1/collection_items/{item}', () => {
  it('shows an item when its collection is visible: owner both, stranger and anonymous public only', async () => {
    const { owner, other, pubItem, privItem } = await scene();
    expect((await get(`/api/v1/collection_items/${pubItem.id}`, owner)).json().data).toMatchObject(pubItem);
    expect((await get(`/api/v1/collection_items/${privItem.id}`, owner)).json().data).toMatchObject(privItem);
    expect((await get(`/api/v1/collection_items/${pubItem.id}`, other)).json().data).toMatchObject({
      name: 'Item público',
      rating: 4,
    });
    const hidden = await get(`/api/v1/collection_items/${privItem.id}`, other);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json()).toEqual((await get('/api/v1/collection_items/naoexiste0000000', other)).json());
    expect((await get(`/api/v1/collection_items/${pubItem.id}`)).json().data).toMatchObject(pubItem);
    const anonymousHidden = await get(`/api/v1/collection_items/${privItem.id}`);
    expect(anonymousHidden.statusCode).toBe(404);
    expect(anonymousHidden.json()).toEqual(hidden.json());
  });
});

describe('PUT /api/v1/collection_items/{item}', () => {
  it('lets the owner rename and describe, keeps the rating unless sent, null clears it', async () => {
    const { owner, pub, pubItem } = await scene();
    await sleep(5);
    const before = await lastUpdated(pub.id, owner);
    await sleep(5);
    const res = await send('PUT', `/api/v1/collection_items/${pubItem.id}`, owner, {
      name: 'Novo nome',
      description: 'Nova descrição',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      ...pubItem,
      name: 'Novo nome',
      description: 'Nova descrição',
      rating: 4,
    });
    expect(await lastUpdated(pub.id, owner)).toBeGreaterThan(before);

    const rated = await send('PUT', `/api/v1/collection_items/${pubItem.id}`, owner, {
      name: 'Novo nome',
      rating: 2.5,
    });
    expect(rated.json().data).toMatchObject({ rating: 2.5, description: 'Nova descrição' });
    const cleared = await send('PUT', `/api/v1/collection_items/${pubItem.id}`, owner, {
      name: 'Novo nome',
      rating: null,
    });
    expect(cleared.json().data.rating).toBeNull();
  });

  it('refuses strangers (403 public, 404 private), anonymous (401) and an empty name (400)', async () => {
    const { owner, other, pubItem, privItem } = await scene();
    const body = { name: 'Invadido' };
    expect((await send('PUT', `/api/v1/collection_items/${pubItem.id}`, other, body)).statusCode).toBe(403);
    expect((await send('PUT', `/api/v1/collection_items/${privItem.id}`, other, body)).statusCode).toBe(404);
    expect((await send('PUT', `/api/v1/collection_items/${pubItem.id}`, undefined, body)).statusCode).toBe(
      401,
    );
    const invalid = await send('PUT', `/api/v1/collection_items/${pubItem.id}`, owner, { name: '' });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().error.fields.name).toBe('itemNameRequired');
    expect((await get(`/api/v1/collection_items/${pubItem.id}`, owner)).json().data.name).toBe(
      'Item público',
    );
  });
});

describe('DELETE /api/v1/collection_items/{item}', () => {
  it('lets the owner delete, answering {data}, and marks the collection as updated', async () => {
    const { owner, pub, pubItem } = await scene();
    await sleep(5);
    const before = await lastUpdated(pub.id, owner);
    await sleep(5);
    const res = await send('DELETE', `/api/v1/collection_items/${pubItem.id}`, owner);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { id: pubItem.id, collection_id: pub.id, deleted: true } });
    expect((await get(`/api/v1/collection_items/${pubItem.id}`, owner)).statusCode).toBe(404);
    const col = (await get(`/api/v1/collection/${pub.id}`, owner)).json().data as Collection;
    expect(col.items_count).toBe(0);
    expect(Date.parse(col.last_updated)).toBeGreaterThan(before);
  });

  it('refuses strangers (403 public, 404 private) and anonymous (401); the items survive', async () => {
    const { owner, other, pubItem, privItem } = await scene();
    expect((await send('DELETE', `/api/v1/collection_items/${pubItem.id}`, other)).statusCode).toBe(403);
    expect((await send('DELETE', `/api/v1/collection_items/${privItem.id}`, other)).statusCode).toBe(404);
    expect((await send('DELETE', `/api/v1/collection_items/${pubItem.id}`, undefined)).statusCode).toBe(401);
    expect((await get(`/api/v1/collection_items/${pubItem.id}`, owner)).statusCode).toBe(200);
    expect((await get(`/api/v1/collection_items/${privItem.id}`, owner)).statusCode).toBe(200);
  });
});
