import type { FastifyInstance } from 'fastify';
import type { Collection } from '@acervo/contract/collection';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestContext, signUp, type TestContext } from '../../test/test-context.ts';
import { addCollaborator, createCollection, FILMES, type Session } from './collection.test-helpers.ts';

// Decision 023: a category's first page is computed at most every two seconds and shared by its
// readers. What a client must never notice: their own write missing, someone else's private
// collection, or someone else's likes, follows or role.

let ctx: TestContext;
let app: FastifyInstance;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});
beforeEach(async () => {
  await ctx.reset();
  // A process of its own per test: no page shared from an earlier test's data.
  app = await ctx.buildApp();
});

async function firstPage(who: Session): Promise<Collection[]> {
  const res = await app.inject({ url: `/api/v1/collection/by_category/${FILMES}`, headers: who.auth });
  expect(res.statusCode).toBe(200);
  return res.json().data as Collection[];
}
const names = (cards: Collection[]) => cards.map((c) => c.name);

describe('the shared first page of a category', () => {
  it('shows a new public collection to its author at once', async () => {
    const [ana, bia] = [await signUp(app), await signUp(app)];
    await createCollection(app, bia, { name: 'De antes' });
    // Ana's read puts the page in the process's cache, without the collection to come.
    expect(names(await firstPage(ana))).toEqual(['De antes']);

    await createCollection(app, bia, { name: 'Nova da Bia', private: false });
    expect(names(await firstPage(bia))).toEqual(['Nova da Bia', 'De antes']);
  });

  it('never shows a private collection to someone else, even one made private after the page was shared', async () => {
    const [ana, bia, caio] = [await signUp(app), await signUp(app), await signUp(app)];
    const open = await createCollection(app, bia, { name: 'Aberta' });
    await createCollection(app, bia, { name: 'Secreta', private: true });
    expect(names(await firstPage(ana))).toEqual(['Aberta']);

    const res = await app.inject({
      method: 'PUT',
      url: `/api/v1/collection/${open.id}`,
      headers: bia.auth,
      payload: { category_id: FILMES, name: 'Aberta', private: true },
    });
    expect(res.statusCode).toBe(200);
    expect(names(await firstPage(ana))).toEqual([]);
    expect(names(await firstPage(caio))).toEqual([]);
  });

  it('never shows a muted person’s collections to the one who muted them, also once the mute is old', async () => {
    const [ana, carla, davi] = [await signUp(app), await signUp(app), await signUp(app)];
    await createCollection(app, ana, { name: 'Da Ana' });
    expect(names(await firstPage(carla))).toEqual(['Da Ana']);

    const res = await app.inject({
      method: 'PUT',
      url: `/api/v1/user/${ana.user_id}/mute`,
      headers: carla.auth,
    });
    expect(res.statusCode).toBe(200);
    expect(names(await firstPage(carla))).toEqual([]);
    // Seconds later Carla reads the shared page like everyone else, and Ana is still muted for her.
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + 5_000);
      expect(names(await firstPage(davi))).toEqual(['Da Ana']);
      expect(names(await firstPage(carla))).toEqual([]);
    } finally {
      vi.useRealTimers();
    }
  });

  it("gives each reader their own role, never the first reader's", async () => {
    const [ana, bia, caio] = [await signUp(app), await signUp(app), await signUp(app)];
    const shared = await createCollection(app, bia, { name: 'Em conjunto' });
    await addCollaborator(app, bia, shared.id, caio, 'editor');
    const [asStranger] = await firstPage(ana);
    expect(asStranger).toMatchObject({ name: 'Em conjunto', my_role: null, liked_by_me: false });
    const [asEditor] = await firstPage(caio);
    expect(asEditor).toMatchObject({ name: 'Em conjunto', my_role: 'editor' });
    expect((await firstPage(ana))[0]).toMatchObject({ my_role: null });
  });
});
