import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { TimelineEntry, TimelinePage } from '@acervo/contract/timeline';
import { TIMELINE_PAGE_ACTIVITIES } from '@acervo/contract/timeline';
import { createTestContext, signUp, type TestContext } from '../../test/test-context.ts';
import { addItem, createCollection, FILMES, type Session } from '../collection/collection.test-helpers.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
beforeEach(() => ctx.reset());
afterAll(() => ctx.close());

async function ok(method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, who: Session, body?: object) {
  const res = await ctx.request(method, url, who, body);
  if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
  return res;
}
const followPerson = (who: Session, whom: Session) => ok('PUT', `/api/v1/user/${whom.user_id}/follow`, who);
const timeline = async (who: Session, cursor?: string) =>
  (await ok('GET', `/api/v1/timeline${cursor ? `?cursor=${cursor}` : ''}`, who)).json() as TimelinePage;
/** What each entry says, in order: "kind actor collection [items] count". */
const read = (entries: TimelineEntry[]) =>
  entries.map(
    (e) => `${e.kind} ${e.actor.name} ${e.collection.name} [${e.items.map((i) => i.name)}] ${e.count}`,
  );
const sentences = async (who: Session) => read((await timeline(who)).data);

/** Ana and her public "Filmes para chorar"; Bia follows Ana. */
async function anaAndBia() {
  const ana = await signUp(ctx.app, { name: 'Ana' });
  const bia = await signUp(ctx.app, { name: 'Bia' });
  const filmes = await createCollection(ctx.app, ana, { name: 'Filmes para chorar' });
  await followPerson(bia, ana);
  return { ana, bia, filmes };
}

describe('GET /api/v1/timeline', () => {
  it('shows what followed people did, newest first, a burst of items as one entry with the first three', async () => {
    const { ana, bia, filmes } = await anaAndBia();
    const carla = await signUp(ctx.app, { name: 'Carla' });
    const livros = await createCollection(ctx.app, carla, { name: 'Livros', category_id: FILMES });
    const added = [];
    for (const name of ['Bacurau', 'Aquarius', 'Central do Brasil', 'Cidade de Deus']) {
      added.push(await addItem(ctx.app, ana, filmes.id, { name }));
    }
    await ok('PUT', `/api/v1/collection/${livros.id}/like`, ana);
    // Liking one's own collection is not news.
    await ok('PUT', `/api/v1/collection/${filmes.id}/like`, ana);

    const page = await timeline(bia);
    expect(read(page.data)).toEqual([
      'collection_liked Ana Livros [] 1',
      'item_added Ana Filmes para chorar [Cidade de Deus,Central do Brasil,Aquarius] 4',
      'collection_created Ana Filmes para chorar [] 1',
    ]);
    expect(page.next_cursor).toBeNull();
    const burst = page.data[1]!;
    expect(burst.actor).toMatchObject({ id: ana.user_id, name: 'Ana' });
    expect(burst.collection.id).toBe(filmes.id);
    expect(burst.items.map((i) => i.id)).toEqual([added[3]!.id, added[2]!.id, added[1]!.id]);
    // Nobody's own activity, and nothing from people one does not follow.
    expect(await sentences(ana)).toEqual([]);
    expect(await sentences(carla)).toEqual([]);
  });

  it('separates bursts more than an hour apart, and a new rating reads as re-rated', async () => {
    const { ana, bia, filmes } = await anaAndBia();
    const first = await addItem(ctx.app, ana, filmes.id, { name: 'Bacurau' });
    await ctx.db.query(`UPDATE activities SET created_at = created_at - interval '2 hours'`);
    await addItem(ctx.app, ana, filmes.id, { name: 'Aquarius' });
    await ok('PUT', `/api/v1/collection_items/${first.id}`, ana, { name: 'Bacurau', rating: 4.5 });
    // Renaming without a new rating is not news.
    await ok('PUT', `/api/v1/collection_items/${first.id}`, ana, { name: 'Bacurau!', rating: 4.5 });
    expect(await sentences(bia)).toEqual([
      'item_rated Ana Filmes para chorar [Bacurau!] 1',
      'item_added Ana Filmes para chorar [Aquarius] 1',
      'item_added Ana Filmes para chorar [Bacurau!] 1',
      'collection_created Ana Filmes para chorar [] 1',
    ]);
    expect((await timeline(bia)).data[0]!.items[0]!.rating).toBe(4.5);
  });

  it('shows changes to followed collections by anyone, and saves and likes of followed people', async () => {
    const ana = await signUp(ctx.app, { name: 'Ana' });
    const bia = await signUp(ctx.app, { name: 'Bia' });
    const dora = await signUp(ctx.app, { name: 'Dora' });
    const filmes = await createCollection(ctx.app, ana, { name: 'Filmes para chorar' });
    await ok('PUT', `/api/v1/collection/${filmes.id}/follow`, bia);
    expect(await sentences(bia)).toEqual(['collection_created Ana Filmes para chorar [] 1']);
    await addItem(ctx.app, ana, filmes.id, { name: 'Bacurau' });
    await followPerson(bia, dora);
    await ok('POST', `/api/v1/collection/${filmes.id}/save`, dora, {});
    await ok('PUT', `/api/v1/collection/${filmes.id}/like`, dora);
    expect(await sentences(bia)).toEqual([
      'collection_liked Dora Filmes para chorar [] 1',
      'collection_saved Dora Filmes para chorar [] 1',
      'item_added Ana Filmes para chorar [Bacurau] 1',
      'collection_created Ana Filmes para chorar [] 1',
    ]);
    // A like taken back leaves; unfollowing the collection takes its changes away.
    await ok('DELETE', `/api/v1/collection/${filmes.id}/like`, dora);
    await ok('DELETE', `/api/v1/collection/${filmes.id}/follow`, bia);
    expect(await sentences(bia)).toEqual(['collection_saved Dora Filmes para chorar [] 1']);
  });

  it('forgets a collection made private at once, and shows it again once public', async () => {
    const { ana, bia, filmes } = await anaAndBia();
    await addItem(ctx.app, ana, filmes.id, { name: 'Bacurau' });
    expect(await sentences(bia)).toHaveLength(2);
    await ok('PUT', `/api/v1/collection/${filmes.id}`, ana, {
      category_id: FILMES,
      name: filmes.name,
      private: true,
    });
    expect(await sentences(bia)).toEqual([]);
    await ok('PUT', `/api/v1/collection/${filmes.id}`, ana, {
      category_id: FILMES,
      name: filmes.name,
      private: false,
    });
    expect(await sentences(bia)).toHaveLength(2);
    // A collection created private does not show; nor a deleted item's activity.
    const secret = await createCollection(ctx.app, ana, { name: 'Segredo', private: true });
    await addItem(ctx.app, ana, secret.id, { name: 'Oculto' });
    const gone = await addItem(ctx.app, ana, filmes.id, { name: 'Apagado' });
    await ok('DELETE', `/api/v1/collection_items/${gone.id}`, ana);
    expect(await sentences(bia)).toEqual([
      'item_added Ana Filmes para chorar [Bacurau] 1',
      'collection_created Ana Filmes para chorar [] 1',
    ]);
  });

  it('never shows someone blocked (either way) or muted, nor activity on a muted or blocked owner', async () => {
    const { ana, bia, filmes } = await anaAndBia();
    const eva = await signUp(ctx.app, { name: 'Eva' });
    const evas = await createCollection(ctx.app, eva, { name: 'Da Eva' });
    await ok('PUT', `/api/v1/collection/${evas.id}/like`, ana);
    await addItem(ctx.app, ana, filmes.id, { name: 'Bacurau' });
    expect(await sentences(bia)).toHaveLength(3);

    await ok('PUT', `/api/v1/user/${eva.user_id}/mute`, bia);
    expect(await sentences(bia)).toHaveLength(2);
    await ok('DELETE', `/api/v1/user/${eva.user_id}/mute`, bia);
    await ok('PUT', `/api/v1/user/${bia.user_id}/block`, eva);
    expect(await sentences(bia)).toHaveLength(2);
    await ok('DELETE', `/api/v1/user/${bia.user_id}/block`, eva);
    expect(await sentences(bia)).toHaveLength(3);

    await ok('PUT', `/api/v1/user/${ana.user_id}/mute`, bia);
    expect(await sentences(bia)).toEqual([]);
    await ok('DELETE', `/api/v1/user/${ana.user_id}/mute`, bia);
    expect(await sentences(bia)).toHaveLength(3);
    // Ana blocks Bia (which also ends Bia's follow): nothing of Ana, even if followed again later.
    await ok('PUT', `/api/v1/user/${bia.user_id}/block`, ana);
    expect(await sentences(bia)).toEqual([]);
  });

  it('respects the share_activity opt-out, moderation hiding and suspension', async () => {
    const { ana, bia, filmes } = await anaAndBia();
    const bacurau = await addItem(ctx.app, ana, filmes.id, { name: 'Bacurau' });
    // An item an operator hid leaves with its activity.
    await ctx.db.query(`UPDATE collection_items SET hidden_reason = 'spam' WHERE id = $1`, [bacurau.id]);
    expect(await sentences(bia)).toEqual(['collection_created Ana Filmes para chorar [] 1']);
    await ctx.db.query(`UPDATE collection_items SET hidden_reason = NULL WHERE id = $1`, [bacurau.id]);
    await ok('PUT', '/api/v1/recommendation/settings', ana, { share_activity: false });
    expect(await sentences(bia)).toEqual([]);
    // The person sees their own on their profile still; others do not.
    const own = await ok('GET', `/api/v1/user/${ana.user_id}/activity`, ana);
    expect(read((own.json() as TimelinePage).data)).toHaveLength(2);
    const theirs = await ok('GET', `/api/v1/user/${ana.user_id}/activity`, bia);
    expect((theirs.json() as TimelinePage).data).toEqual([]);
    await ok('PUT', '/api/v1/recommendation/settings', ana, { share_activity: true });
    expect(await sentences(bia)).toHaveLength(2);

    await ctx.db.query(`UPDATE collections SET hidden_reason = 'spam' WHERE id = $1`, [filmes.id]);
    expect(await sentences(bia)).toEqual([]);
    await ctx.db.query(`UPDATE collections SET hidden_reason = NULL WHERE id = $1`, [filmes.id]);
    await ctx.db.query(`UPDATE users SET suspended_at = now() WHERE id = $1`, [ana.user_id]);
    expect(await sentences(bia)).toEqual([]);
  });

  it('shows comments, quoting the newest, and forgets one deleted, hidden, blocked or on a private collection', async () => {
    const { ana, bia } = await anaAndBia();
    const carla = await signUp(ctx.app, { name: 'Carla' });
    const bares = await createCollection(ctx.app, carla, { name: 'Bares de BH' });
    const torresmo = await addItem(ctx.app, carla, bares.id, { name: 'Bar do Torresmo' });
    const comment = async (url: string, body: string) =>
      (await ok('POST', url, ana, { body })).json().data as { id: string };
    await comment(`/api/v1/collection/${bares.id}/comments`, 'Que lista boa!');
    const onItem = await comment(
      `/api/v1/collection_items/${torresmo.id}/comments`,
      'O torresmo é o melhor.',
    );
    const [entry] = (await timeline(bia)).data;
    expect(read([entry!])).toEqual(['comment_added Ana Bares de BH [] 2']);
    expect(entry!.comment).toEqual({
      id: onItem.id,
      excerpt: 'O torresmo é o melhor.',
      item_id: torresmo.id,
    });

    await ok('DELETE', `/api/v1/comments/${onItem.id}`, ana);
    const [after] = (await timeline(bia)).data;
    expect(read([after!])).toEqual(['comment_added Ana Bares de BH [] 1']);
    expect(after!.comment?.excerpt).toBe('Que lista boa!');

    // Carla and Bia block each other's way: the comment on Carla's collection is no longer Bia's to see.
    await ok('PUT', `/api/v1/user/${bia.user_id}/block`, carla);
    expect((await timeline(bia)).data.map((e) => e.kind)).not.toContain('comment_added');
    await ok('DELETE', `/api/v1/user/${bia.user_id}/block`, carla);
    expect((await timeline(bia)).data.map((e) => e.kind)).toContain('comment_added');

    // An operator's hiding takes it away from others (its author still sees it on their profile).
    await ctx.db.query(`UPDATE comments SET hidden_reason = 'spam' WHERE author_id = $1`, [ana.user_id]);
    expect((await timeline(bia)).data.map((e) => e.kind)).not.toContain('comment_added');
    await ctx.db.query(`UPDATE comments SET hidden_reason = NULL WHERE author_id = $1`, [ana.user_id]);

    await ok('PUT', `/api/v1/collection/${bares.id}`, carla, {
      category_id: FILMES,
      name: bares.name,
      private: true,
    });
    expect((await timeline(bia)).data.map((e) => e.kind)).not.toContain('comment_added');
  });

  it('forgets a reply whose parent comment the viewer may not see, as the comment list does', async () => {
    const { ana, bia } = await anaAndBia();
    const carla = await signUp(ctx.app, { name: 'Carla' });
    const dani = await signUp(ctx.app, { name: 'Dani' });
    const bares = await createCollection(ctx.app, carla, { name: 'Bares de BH' });
    const url = `/api/v1/collection/${bares.id}/comments`;
    const parent = (await ok('POST', url, dani, { body: 'Qual o melhor?' })).json().data as { id: string };
    const reply = (await ok('POST', url, ana, { body: 'O do Torresmo.', parent_id: parent.id })).json()
      .data as { id: string };
    const seen = async () => ({
      list: ((await ok('GET', url, bia)).json().data as { id: string }[]).map((c) => c.id),
      timeline: (await timeline(bia)).data.flatMap((e) => (e.comment ? [e.comment.excerpt] : [])),
    });
    expect(await seen()).toEqual({ list: [parent.id, reply.id], timeline: ['O do Torresmo.'] });

    // An operator hides the parent: neither the comment list nor "Seguindo" shows Bia the reply.
    await ctx.db.query(`UPDATE comments SET hidden_reason = 'spam' WHERE id = $1`, [parent.id]);
    expect(await seen()).toEqual({ list: [], timeline: [] });
    await ctx.db.query(`UPDATE comments SET hidden_reason = NULL WHERE id = $1`, [parent.id]);

    // A block between Bia and the parent's author does the same.
    await ok('PUT', `/api/v1/user/${dani.user_id}/block`, bia);
    expect(await seen()).toEqual({ list: [], timeline: [] });
    await ok('DELETE', `/api/v1/user/${dani.user_id}/block`, bia);
    expect(await seen()).toEqual({ list: [parent.id, reply.id], timeline: ['O do Torresmo.'] });
  });

  it('pages without gaps or repeats while new activity arrives', async () => {
    const { ana, bia, filmes } = await anaAndBia();
    // Another collection per item, so no two activities group: one entry per activity.
    const total = TIMELINE_PAGE_ACTIVITIES + 10;
    const collections = [filmes];
    for (let i = 1; i < total; i++) collections.push(await createCollection(ctx.app, ana, { name: `C${i}` }));
    const first = await timeline(bia);
    expect(first.data).toHaveLength(TIMELINE_PAGE_ACTIVITIES);
    expect(first.next_cursor).not.toBeNull();
    // New activity lands on top meanwhile; the next page goes on where the first stopped.
    await createCollection(ctx.app, ana, { name: 'Nova' });
    const second = await timeline(bia, first.next_cursor!);
    expect(second.next_cursor).toBeNull();
    const seen = [...first.data, ...second.data].map((e) => e.collection.name);
    expect(seen).toHaveLength(total);
    expect(new Set(seen).size).toBe(total);
    expect(seen).not.toContain('Nova');
    expect(seen.at(-1)).toBe('Filmes para chorar');
    expect((await timeline(bia)).data[0]!.collection.name).toBe('Nova');
  });

  it('reaches older activity behind more than a page of activity the viewer may not see', async () => {
    const { ana, bia, filmes } = await anaAndBia();
    const older = [filmes.name];
    for (let i = 1; i < TIMELINE_PAGE_ACTIVITIES + 1; i++) {
      older.push((await createCollection(ctx.app, ana, { name: `Pública ${i}` })).name);
    }
    // Newer, and all hidden from Bia: more than the candidates read per source before any check.
    const secret = await createCollection(ctx.app, ana, { name: 'Segredo', private: true });
    for (let i = 0; i < 2 * TIMELINE_PAGE_ACTIVITIES + 5; i++) {
      await addItem(ctx.app, ana, secret.id, { name: `Oculto ${i}` });
    }
    older.push((await createCollection(ctx.app, ana, { name: 'Nova' })).name);
    const first = await timeline(bia);
    expect(first.data).toHaveLength(TIMELINE_PAGE_ACTIVITIES);
    const second = await timeline(bia, first.next_cursor!);
    expect(second.next_cursor).toBeNull();
    const seen = [...first.data, ...second.data].map((e) => e.collection.name);
    expect(seen).toEqual(older.reverse());
  });

  it('refuses a cursor it did not issue with 400, and anonymous callers with 401', async () => {
    const { bia } = await anaAndBia();
    expect((await ctx.request('GET', '/api/v1/timeline?cursor=abc', bia)).statusCode).toBe(400);
    expect((await ctx.request('GET', '/api/v1/timeline')).statusCode).toBe(401);
  });
});

describe('GET /api/v1/user/{user_id}/activity', () => {
  it("lists a person's public activity only, and is 404 across a block", async () => {
    const { ana, bia, filmes } = await anaAndBia();
    const secret = await createCollection(ctx.app, ana, { name: 'Segredo', private: true });
    await addItem(ctx.app, ana, secret.id, { name: 'Oculto' });
    await addItem(ctx.app, ana, filmes.id, { name: 'Bacurau' });
    const stranger = await signUp(ctx.app, { name: 'Gil' });
    for (const who of [bia, stranger, ana]) {
      const res = await ok('GET', `/api/v1/user/${ana.user_id}/activity`, who);
      expect(read((res.json() as TimelinePage).data)).toEqual([
        'item_added Ana Filmes para chorar [Bacurau] 1',
        'collection_created Ana Filmes para chorar [] 1',
      ]);
    }
    await ok('PUT', `/api/v1/user/${stranger.user_id}/block`, ana);
    expect((await ctx.request('GET', `/api/v1/user/${ana.user_id}/activity`, stranger)).statusCode).toBe(404);
  });
});
