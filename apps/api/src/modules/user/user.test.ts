import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestContext, signUp, type TestContext } from '../../test/test-context.ts';
import { createCollection, type Session } from '../collection/collection.test-helpers.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
beforeEach(() => ctx.reset());
afterAll(() => ctx.close());

const get = (url: string, who?: Session) => ctx.request('GET', url, who);
const put = (url: string, who: Session | undefined, payload: object) => ctx.request('PUT', url, who, payload);

const validAccount = {
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

describe('GET /api/v1/user/{user_id}', () => {
  it('shows the user themself their counters and account fields (null until filled in)', async () => {
    const me = await signUp(ctx.app, { name: 'Fernanda Oliveira' });
    await createCollection(ctx.app, me);
    await createCollection(ctx.app, me, { private: true });
    const res = await get(`/api/v1/user/${me.user_id}`, me);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      id: me.user_id,
      name: 'Fernanda Oliveira',
      picture: null,
      email: me.user_email,
      email_verified: false,
      total_collections: 2,
      total_followers: 0,
      total_likes: 0,
      total_following: 0,
      followed_by_me: false,
      alias_name: null,
      cellular: null,
      birthday: null,
      address: null,
      country: null,
      state: null,
      city: null,
      postal_code: null,
    });
  });

  it('shows others the profile only: no e-mail or account fields, private collections and their likes not counted', async () => {
    const me = await signUp(ctx.app, { name: 'Fernanda Oliveira' });
    const other = await signUp(ctx.app);
    const fan = await signUp(ctx.app);
    const pub = await createCollection(ctx.app, me);
    const priv = await createCollection(ctx.app, me, { private: true });
    await put(`/api/v1/user/${me.user_id}`, me, validAccount);
    await ctx.db.query(
      'INSERT INTO collection_likes (collection_id, user_id) VALUES ($1, $3), ($2, $3), ($2, $4)',
      [pub.id, priv.id, other.user_id, fan.user_id],
    );
    await ctx.db.query('INSERT INTO user_followers (followed_id, follower_id) VALUES ($1, $2), ($1, $3)', [
      me.user_id,
      other.user_id,
      fan.user_id,
    ]);
    const seen = await get(`/api/v1/user/${me.user_id}`, other);
    expect(seen.statusCode).toBe(200);
    expect(seen.json().data).toEqual({
      id: me.user_id,
      name: 'Fernanda Oliveira',
      picture: null,
      total_collections: 1,
      total_followers: 2,
      total_likes: 1,
      total_following: 0,
      followed_by_me: true,
      muted_by_me: false,
    });
    expect((await get(`/api/v1/user/${me.user_id}`, me)).json().data).toMatchObject({
      total_collections: 2,
      total_followers: 2,
      total_likes: 3,
    });
  });

  it('answers 401 anonymous and 404 for an unknown user', async () => {
    const me = await signUp(ctx.app);
    expect((await get(`/api/v1/user/${me.user_id}`)).statusCode).toBe(401);
    expect((await get('/api/v1/user/naoexiste0000000', me)).statusCode).toBe(404);
  });
});

describe('PUT /api/v1/user/{user_id}', () => {
  it('saves the account fields normalised (phone, ISO birthday, CEP) and renames the owner everywhere', async () => {
    const me = await signUp(ctx.app, { name: 'Fer' });
    const col = await createCollection(ctx.app, me);
    const res = await put(`/api/v1/user/${me.user_id}`, me, validAccount);
    expect(res.statusCode).toBe(200);
    const expected = {
      name: 'Fernanda Oliveira',
      alias_name: 'Nanda',
      cellular: '(11) 98765-4321',
      birthday: '1990-04-23',
      address: 'Rua Augusta, 1500, apto 42',
      country: 'Brasil',
      state: 'São Paulo',
      city: 'São Paulo',
      postal_code: '01304-001',
    };
    expect(res.json().data).toMatchObject(expected);
    expect((await get(`/api/v1/user/${me.user_id}`, me)).json().data).toMatchObject(expected);
    expect((await get(`/api/v1/collection/${col.id}`, me)).json().data.owner_name).toBe('Fernanda Oliveira');
  });

  it('accepts an ISO birthday, a landline and +55', async () => {
    const me = await signUp(ctx.app);
    const res = await put(`/api/v1/user/${me.user_id}`, me, {
      ...validAccount,
      birthday: '1985-12-01',
      cellular: '+55 (21) 2345-6789',
      state: 'Rio de Janeiro',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ birthday: '1985-12-01', cellular: '(21) 2345-6789' });
  });

  it('requires every field, each with its own validation code', async () => {
    const me = await signUp(ctx.app);
    const res = await put(`/api/v1/user/${me.user_id}`, me, {});
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({
      name: 'accountNameRequired',
      alias_name: 'aliasNameRequired',
      cellular: 'cellularRequired',
      birthday: 'birthdayRequired',
      address: 'addressRequired',
      country: 'countryRequired',
      state: 'stateRequired',
      city: 'cityRequired',
      postal_code: 'postalCodeRequired',
    });
  });

  it.each([
    ['a country other than Brasil', { country: 'Argentina' }, 'country', 'countryRequired'],
    ['a state abbreviation', { state: 'SP' }, 'state', 'stateRequired'],
    ['an impossible date', { birthday: '31/02/1990' }, 'birthday', 'birthdayInvalid'],
    ['a future date', { birthday: '01/01/2999' }, 'birthday', 'birthdayUnderage'],
    ['someone under 18', { birthday: new Date().toISOString().slice(0, 10) }, 'birthday', 'birthdayUnderage'],
    ['a phone without area code', { cellular: '98765-4321' }, 'cellular', 'cellularInvalid'],
    ['a mobile without the 9', { cellular: '(11) 88765-43210' }, 'cellular', 'cellularInvalid'],
    ['a short CEP', { postal_code: '1234-567' }, 'postal_code', 'postalCodeInvalid'],
    ['a blank name', { name: '   ' }, 'name', 'accountNameRequired'],
    ['a NUL in the address', { address: 'Rua\u0000' }, 'address', 'invalidCharacter'],
  ])('answers 400 naming the field and its validation code for %s', async (_why, change, field, code) => {
    const me = await signUp(ctx.app);
    const res = await put(`/api/v1/user/${me.user_id}`, me, { ...validAccount, ...change });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({ [field]: code });
  });

  it('lets nobody else change an account: 403 for another user, 404 unknown, 401 anonymous', async () => {
    const me = await signUp(ctx.app, { name: 'Original' });
    const other = await signUp(ctx.app);
    expect((await put(`/api/v1/user/${me.user_id}`, other, validAccount)).statusCode).toBe(403);
    expect((await put('/api/v1/user/naoexiste0000000', other, validAccount)).statusCode).toBe(404);
    expect((await put(`/api/v1/user/${me.user_id}`, undefined, validAccount)).statusCode).toBe(401);
    expect((await get(`/api/v1/user/${me.user_id}`, me)).json().data).toMatchObject({
      name: 'Original',
      city: null,
    });
  });

  it('ignores fields it does not own, such as email or id', async () => {
    const me = await signUp(ctx.app);
    const res = await put(`/api/v1/user/${me.user_id}`, me, {
      ...validAccount,
      email: 'x@y.com',
      id: 'outro',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ id: me.user_id, email: me.user_email });
  });
});
