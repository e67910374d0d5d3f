import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Comment } from '@acervo/contract/comment';
import type { Notification } from '@acervo/contract/notification';
import { createTestContext, signUp, type TestContext } from '../../test/test-context.ts';
import {
  addCollaborator,
  addItem,
  concurrently,
  createCollection,
  FILMES,
  type Session,
} from '../collection/collection.test-helpers.ts';

const OPERATOR = 'moderacao.comentarios@acervo.example';
let ctx: TestContext;
let app: FastifyInstance;
beforeAll(async () => {
  ctx = await createTestContext();
  app = await ctx.buildApp({ ADMIN_EMAILS: OPERATOR });
});
beforeEach(() => ctx.reset());
afterAll(() => ctx.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, who?: Session, payload?: object, on = app) =>
  on.inject({ method, url, ...(who ? { headers: who.auth } : {}), ...(payload ? { payload } : {}) });

const onCollection = (id: string) => `/api/v1/collection/${id}/comments`;
const onItem = (id: string) => `/api/v1/collection_items/${id}/comments`;

async function write(url: string, who: Session, body: string, parent_id?: string): Promise<Comment> {
  const res = await call('POST', url, who, { body, ...(parent_id ? { parent_id } : {}) });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as Comment;
}
const bodies = async (url: string, who?: Session) => {
  const res = await call('GET', url, who);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().data as Comment[]).map((c) => c.body);
};
/** The stored notices (the "complete your registration" one aside). */
const notices = async (who: Session) =>
  ((await call('GET', '/api/v1/notification', who)).json().data as Notification[]).filter(
    (n) => n.kind !== 'complete_profile',
  );

/** An owner with a public and a private collection (one item each), a reader of the private one, a stranger. */
async function scene() {
  const owner = await signUp(app, { name: 'Helena Prado' });
  const reader = await signUp(app, { name: 'Igor Santos' });
  const stranger = await signUp(app, { name: 'Joana Lima' });
  const pub = await createCollection(app, owner, { name: 'Filmes para chorar' });
  const priv = await createCollection(app, owner, { name: 'Segredos', private: true });
  const pubItem = await addItem(app, owner, pub.id, { name: 'Bacurau' });
  const privItem = await addItem(app, owner, priv.id, { name: 'Aquarius' });
  await addCollaborator(app, owner, priv.id, reader, 'viewer');
  return { owner, reader, stranger, pub, priv, pubItem, privItem };
}

describe('comments: who reads, writes, edits and deletes', () => {
  it('lets whoever may read the collection read and write; a private one is a 404 to others', async () => {
    const { owner, reader, stranger, pub, priv, privItem } = await scene();
    await write(onCollection(pub.id), stranger, 'Que lista linda!');
    expect(await bodies(onCollection(pub.id))).toEqual(['Que lista linda!']);

    await write(onCollection(priv.id), reader, 'Só entre nós.');
    await write(onItem(privItem.id), owner, 'Revi ontem.');
    expect(await bodies(onCollection(priv.id), owner)).toEqual(['Só entre nós.']);
    expect(await bodies(onItem(privItem.id), reader)).toEqual(['Revi ontem.']);
    for (const url of [onCollection(priv.id), onItem(privItem.id)]) {
      expect((await call('GET', url, stranger)).statusCode).toBe(404);
      expect((await call('GET', url)).statusCode).toBe(404);
      expect((await call('POST', url, stranger, { body: 'Olá?' })).statusCode).toBe(404);
    }
    // Writing needs an account.
    expect((await call('POST', onCollection(pub.id), undefined, { body: 'Oi' })).statusCode).toBe(401);
  });

  it('lets the author edit and delete, the owner delete only, and nobody else either', async () => {
    const { owner, reader, stranger, pub } = await scene();
    const mine = await write(onCollection(pub.id), stranger, 'Primeira versão');
    expect(mine).toMatchObject({ can_edit: true, can_delete: true, edited_at: null });

    const asOwner = (await call('GET', onCollection(pub.id), owner)).json().data[0] as Comment;
    expect(asOwner).toMatchObject({ can_edit: false, can_delete: true });
    const asReader = (await call('GET', onCollection(pub.id), reader)).json().data[0] as Comment;
    expect(asReader).toMatchObject({ can_edit: false, can_delete: false });

    expect((await call('PUT', `/api/v1/comments/${mine.id}`, owner, { body: 'Mudei' })).statusCode).toBe(403);
    expect((await call('PUT', `/api/v1/comments/${mine.id}`, reader, { body: 'Mudei' })).statusCode).toBe(
      403,
    );
    expect((await call('DELETE', `/api/v1/comments/${mine.id}`, reader)).statusCode).toBe(403);

    const edited = await call('PUT', `/api/v1/comments/${mine.id}`, stranger, { body: '  Segunda versão  ' });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().data).toMatchObject({ body: 'Segunda versão', edited_at: expect.any(String) });

    const other = await write(onCollection(pub.id), reader, 'Outro comentário');
    expect((await call('DELETE', `/api/v1/comments/${other.id}`, owner)).statusCode).toBe(200);
    expect((await call('DELETE', `/api/v1/comments/${mine.id}`, stranger)).statusCode).toBe(200);
    expect(await bodies(onCollection(pub.id), owner)).toEqual([]);
    expect((await call('DELETE', `/api/v1/comments/${mine.id}`, stranger)).statusCode).toBe(404);
  });

  it('hides everything between blocked people, whoever blocked whom', async () => {
    const { owner, reader, stranger, pub } = await scene();
    const byStranger = await write(onCollection(pub.id), stranger, 'Comentário de quem será bloqueado');
    await write(onCollection(pub.id), reader, 'Comentário de quem lê');

    // The owner blocks the stranger: the whole collection, comments included, is gone for them.
    expect((await call('PUT', `/api/v1/user/${stranger.user_id}/block`, owner)).statusCode).toBe(200);
    expect((await call('GET', onCollection(pub.id), stranger)).statusCode).toBe(404);
    expect((await call('POST', onCollection(pub.id), stranger, { body: 'Oi' })).statusCode).toBe(404);
    expect((await call('PUT', `/api/v1/comments/${byStranger.id}`, stranger, { body: 'x' })).statusCode).toBe(
      404,
    );
    expect(await bodies(onCollection(pub.id), owner)).toEqual(['Comentário de quem lê']);

    // A reader blocked by another commenter no longer sees that person's comments, nor replies to them.
    expect((await call('DELETE', `/api/v1/user/${stranger.user_id}/block`, owner)).statusCode).toBe(200);
    expect((await call('PUT', `/api/v1/user/${reader.user_id}/block`, stranger)).statusCode).toBe(200);
    expect(await bodies(onCollection(pub.id), reader)).toEqual(['Comentário de quem lê']);
    expect(await bodies(onCollection(pub.id), stranger)).toEqual(['Comentário de quem será bloqueado']);
    const reply = await call('POST', onCollection(pub.id), reader, {
      body: 'Respondendo',
      parent_id: byStranger.id,
    });
    expect(reply.statusCode).toBe(400);
  });

  it("hides a suspended author's comments from everyone, and from the count", async () => {
    const { owner, stranger, pub } = await scene();
    await write(onCollection(pub.id), stranger, 'Vou ser suspensa');
    await write(onCollection(pub.id), owner, 'Fico');
    const count = async () =>
      (
        (await call('GET', `/api/v1/collection/${pub.id}`, owner)).json() as {
          data: { comments_count: number };
        }
      ).data.comments_count;
    expect(await count()).toBe(2);
    await ctx.db.query('UPDATE users SET suspended_at = now() WHERE id = $1', [stranger.user_id]);
    expect(await bodies(onCollection(pub.id), owner)).toEqual(['Fico']);
    expect(await bodies(onCollection(pub.id))).toEqual(['Fico']);
    // The count on cards and banners says what readers see, and comes back with a reinstatement.
    expect(await count()).toBe(1);
    await ctx.db.query('UPDATE users SET suspended_at = NULL WHERE id = $1', [stranger.user_id]);
    expect(await count()).toBe(2);
  });
});

describe('comments: the contract', () => {
  it('are described in the OpenAPI document', async () => {
    const doc = (await call('GET', '/api/openapi.json')).json() as { paths: Record<string, object> };
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/v1/collection/{id}/comments',
        '/api/v1/collection_items/{item}/comments',
        '/api/v1/comments/{id}',
        '/api/v1/collection/{id}/comments_enabled',
        '/api/v1/collection/{id}/mentionable',
      ]),
    );
  });
});

describe('comments: text, replies and pages', () => {
  it('keeps plain text trimmed, 1 to 2,000 characters, refusing the rest with a field code', async () => {
    const { reader, pub } = await scene();
    const blank = await call('POST', onCollection(pub.id), reader, { body: '   \n ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().error).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: { body: 'commentRequired' },
    });
    const long = await call('POST', onCollection(pub.id), reader, { body: 'a'.repeat(2001) });
    expect(long.json().error.fields).toEqual({ body: 'tooLong' });
    const html = await write(
      onCollection(pub.id),
      reader,
      `  <b>oi</b>\nhttps://exemplo.com ${'x'.repeat(1900)}  `,
    );
    expect(html.body.startsWith('<b>oi</b>\nhttps://exemplo.com')).toBe(true);
    expect(html.body.endsWith('x')).toBe(true);
  });

  it('allows one level of replies, shown right after their comment', async () => {
    const { owner, reader, stranger, pub, pubItem } = await scene();
    const first = await write(onCollection(pub.id), reader, 'Primeiro');
    const second = await write(onCollection(pub.id), stranger, 'Segundo');
    const reply = await write(onCollection(pub.id), owner, 'Resposta ao primeiro', first.id);
    expect(reply.parent_id).toBe(first.id);
    expect(await bodies(onCollection(pub.id))).toEqual(['Primeiro', 'Resposta ao primeiro', 'Segundo']);

    const deeper = await call('POST', onCollection(pub.id), stranger, {
      body: 'Tréplica',
      parent_id: reply.id,
    });
    expect(deeper.statusCode).toBe(400);
    expect(deeper.json().error.fields).toEqual({ parent_id: 'commentReplyDepth' });
    // A reply stays where its comment is: not on an item under a collection comment.
    const elsewhere = await call('POST', onItem(pubItem.id), stranger, {
      body: 'Aqui?',
      parent_id: second.id,
    });
    expect(elsewhere.json().error.fields).toEqual({ parent_id: 'invalid' });

    // Deleting a comment takes its replies with it.
    expect((await call('DELETE', `/api/v1/comments/${first.id}`, owner)).statusCode).toBe(200);
    expect(await bodies(onCollection(pub.id))).toEqual(['Segundo']);
  });

  it('pages without gaps or repeats, new comments arriving last, with a bounded page size', async () => {
    const { owner, reader, pub } = await scene();
    const threads: Comment[] = [];
    for (let i = 1; i <= 4; i += 1) threads.push(await write(onCollection(pub.id), reader, `C${i}`));
    await write(onCollection(pub.id), owner, 'R1a', threads[0]!.id);
    await write(onCollection(pub.id), owner, 'R3a', threads[2]!.id);
    await write(onCollection(pub.id), reader, 'R1b', threads[0]!.id);

    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const query: string = `?limit=3${cursor ? `&cursor=${cursor}` : ''}`;
      const res = await call('GET', `${onCollection(pub.id)}${query}`);
      expect(res.statusCode).toBe(200);
      const page = res.json() as { data: Comment[]; next_cursor: string | null };
      seen.push(...page.data.map((c) => c.body));
      cursor = page.next_cursor;
      pages += 1;
      // Something new while the reader pages: it comes at the end, once.
      if (pages === 1) await write(onCollection(pub.id), owner, 'C5');
    } while (cursor);
    expect(seen).toEqual(['C1', 'R1a', 'R1b', 'C2', 'C3', 'R3a', 'C4', 'C5']);

    const huge = await call('GET', `${onCollection(pub.id)}?limit=100000`);
    expect(huge.json().data).toHaveLength(8);
    expect((await call('GET', `${onCollection(pub.id)}?cursor=bm9wZQ`)).statusCode).toBe(400);
  });

  it('takes many comments at once on one collection, none lost, the count exact', async () => {
    const { owner, pub } = await scene();
    const people = await Promise.all(Array.from({ length: 6 }, () => signUp(app)));
    const statuses = await concurrently(6, (i) =>
      call('POST', onCollection(pub.id), people[i]!, { body: `Comentário ${i}` }),
    );
    expect(statuses).toEqual(Array(6).fill(201));
    expect((await call('GET', `/api/v1/collection/${pub.id}`, owner)).json().data.comments_count).toBe(6);
  });

  it('counts comments on the collection and its items on cards and banners', async () => {
    const { owner, reader, pub, pubItem } = await scene();
    await write(onCollection(pub.id), reader, 'Na coleção');
    await write(onItem(pubItem.id), reader, 'No item');
    const collection = (await call('GET', `/api/v1/collection/${pub.id}`, owner)).json().data;
    expect(collection).toMatchObject({ comments_count: 2, comments_enabled: true });
    const cards = (await call('GET', `/api/v1/collection/by_user/${owner.user_id}`, reader)).json().data;
    expect(cards.find((c: { id: string }) => c.id === pub.id)).toMatchObject({ comments_count: 2 });
  });
});

describe('comments: the owner turns them off', () => {
  it('refuses new comments with COMMENTS_CLOSED and keeps the old ones readable', async () => {
    const { owner, reader, pub, pubItem } = await scene();
    const old = await write(onCollection(pub.id), reader, 'Antes de fechar');
    expect((await call('DELETE', `/api/v1/collection/${pub.id}/comments_enabled`, reader)).statusCode).toBe(
      403,
    );
    const off = await call('DELETE', `/api/v1/collection/${pub.id}/comments_enabled`, owner);
    expect(off.json()).toEqual({ data: { comments_enabled: false } });

    for (const url of [onCollection(pub.id), onItem(pubItem.id)]) {
      const refused = await call('POST', url, reader, { body: 'Depois de fechar' });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error.code).toBe('COMMENTS_CLOSED');
    }
    const refusedReply = await call('POST', onCollection(pub.id), owner, { body: 'Eu', parent_id: old.id });
    expect(refusedReply.json().error.code).toBe('COMMENTS_CLOSED');
    const page = (await call('GET', onCollection(pub.id), reader)).json();
    expect(page).toMatchObject({ comments_enabled: false, can_comment: false });
    expect(page.data.map((c: Comment) => c.body)).toEqual(['Antes de fechar']);

    await call('PUT', `/api/v1/collection/${pub.id}/comments_enabled`, owner);
    await write(onCollection(pub.id), reader, 'Reaberto');
  });
});

describe('comments: notifications', () => {
  it('tells the owner and followers (one unread notice per collection and author) and those mentioned', async () => {
    const { owner, reader, stranger, pub } = await scene();
    const follower = await signUp(app, { name: 'Karina Souza' });
    await call('PUT', `/api/v1/collection/${pub.id}/follow`, follower);

    await write(onCollection(pub.id), reader, 'Oi @Joana Lima, viu este?');
    await write(onCollection(pub.id), reader, 'E mais um');
    const ownerNotices = (await notices(owner)).filter((n) => n.kind === 'comment');
    expect(ownerNotices).toEqual([
      expect.objectContaining({ actor: { id: reader.user_id, name: 'Igor Santos' }, read: false }),
    ]);
    expect((await notices(follower)).map((n) => n.kind)).toContain('comment');
    expect(await notices(stranger)).toEqual([
      expect.objectContaining({ kind: 'mention', collection: { id: pub.id, name: 'Filmes para chorar' } }),
    ]);
    // The writer hears nothing of their own comment.
    expect((await notices(reader)).filter((n) => n.kind === 'comment' || n.kind === 'mention')).toEqual([]);
  });

  it('tells the author of a comment of a reply to it, once', async () => {
    const { owner, reader, stranger, pub } = await scene();
    const first = await write(onCollection(pub.id), reader, 'Qual o melhor?');
    await write(onCollection(pub.id), stranger, 'Bacurau, sem dúvida.', first.id);
    await write(onCollection(pub.id), owner, '@Igor Santos concordo', first.id);
    const aboutComments = (await notices(reader)).filter((n) => n.kind !== 'collaborator_added');
    expect(aboutComments.map((n) => [n.kind, n.actor?.name]).sort()).toEqual([
      ['mention', 'Helena Prado'],
      ['reply', 'Joana Lima'],
    ]);
  });

  it('links mentions to the people named, the longest name winning, and never to someone blocked', async () => {
    const { owner, reader, pub } = await scene();
    const ana = await signUp(app, { name: 'Ana' });
    const anaSouza = await signUp(app, { name: 'Ana Souza' });
    await call('PUT', `/api/v1/user/${reader.user_id}/block`, ana);
    const comment = await write(onCollection(pub.id), reader, '@ana souza e @Ana: vejam! @Ninguém');
    expect(comment.mentions).toEqual([{ id: anaSouza.user_id, name: 'Ana Souza' }]);
    expect((await notices(anaSouza)).map((n) => n.kind)).toEqual(['mention']);
    expect(await notices(ana)).toEqual([]);
    // Editing tells only who is newly mentioned.
    const edited = await call('PUT', `/api/v1/comments/${comment.id}`, reader, {
      body: '@Ana Souza e @Helena Prado',
    });
    expect(edited.json().data.mentions).toHaveLength(2);
    expect((await notices(owner)).filter((n) => n.kind === 'mention')).toHaveLength(1);
    expect(await notices(anaSouza)).toHaveLength(1);
  });

  it('suggests people to mention by the start of a word of their name, never who cannot read or is blocked', async () => {
    const { reader, stranger, pub, priv } = await scene();
    const blocked = await signUp(app, { name: 'Helena Bloqueada' });
    await call('PUT', `/api/v1/user/${blocked.user_id}/block`, reader);
    const names = async (id: string, q: string) => {
      const res = await call(
        'GET',
        `/api/v1/collection/${id}/mentionable?q=${encodeURIComponent(q)}`,
        reader,
      );
      expect(res.statusCode, res.body).toBe(200);
      return (res.json().data as { name: string }[]).map((p) => p.name);
    };
    expect(await names(pub.id, 'hel')).toEqual(['Helena Prado']);
    expect(await names(pub.id, 'LIM')).toEqual(['Joana Lima']);
    expect(await names(pub.id, '%')).toEqual([]);
    // On the private collection only its owner and collaborators may be mentioned.
    expect(await names(priv.id, 'joana')).toEqual([]);
    expect(await names(priv.id, 'hel')).toEqual(['Helena Prado']);
    expect((await call('GET', `/api/v1/collection/${priv.id}/mentionable?q=h`, stranger)).statusCode).toBe(
      404,
    );
    expect((await call('GET', `/api/v1/collection/${pub.id}/mentionable?q=h`)).statusCode).toBe(401);
  });

  it('never tells anyone who cannot read a private collection about its comments', async () => {
    const { owner, reader, stranger, priv } = await scene();
    // The stranger followed it while it was public, and is mentioned by name.
    await call('PUT', `/api/v1/collection/${priv.id}`, owner, {
      category_id: FILMES,
      name: 'Segredos',
      private: false,
    });
    await call('PUT', `/api/v1/collection/${priv.id}/follow`, stranger);
    await call('PUT', `/api/v1/collection/${priv.id}`, owner, {
      category_id: FILMES,
      name: 'Segredos',
      private: true,
    });

    const comment = await write(onCollection(priv.id), reader, 'Oi @Joana Lima e @Helena Prado');
    expect(comment.mentions).toEqual([{ id: owner.user_id, name: 'Helena Prado' }]);
    expect(await notices(stranger)).toEqual([]);
    const ownerKinds = (await notices(owner)).map((n) => n.kind).sort();
    expect(ownerKinds).toEqual(['comment', 'mention']);
  });
});

describe('comments: limits', () => {
  it('answers 429 past the per-minute and the daily caps, and a refused comment tells no one', async () => {
    const { reader, stranger, pub } = await scene();
    const perMinute = await ctx.buildApp({ COMMENTS_PER_MINUTE: '2' });
    for (const body of ['um', 'dois']) {
      expect((await call('POST', onCollection(pub.id), reader, { body }, perMinute)).statusCode).toBe(201);
    }
    const tooFast = await call('POST', onCollection(pub.id), reader, { body: 'três' }, perMinute);
    expect(tooFast.statusCode).toBe(429);
    expect(tooFast.json().error.code).toBe('RATE_LIMITED');

    const daily = await ctx.buildApp({ SOCIAL_DAILY_COMMENTS: '3' });
    // Two written already today, through the other app.
    expect((await call('POST', onCollection(pub.id), reader, { body: 'três' }, daily)).statusCode).toBe(201);
    // Its mention's notice goes to the database with the charge (decision 079): the refusal undoes it.
    const tooMany = await call('POST', onCollection(pub.id), reader, { body: 'quatro, @Joana Lima' }, daily);
    expect(tooMany.statusCode).toBe(429);
    expect(tooMany.json().error).toMatchObject({
      code: 'RATE_LIMITED',
      message: 'Você atingiu o limite diário para esta ação. Tente novamente amanhã.',
    });
    expect(await bodies(onCollection(pub.id))).toEqual(['um', 'dois', 'três']);
    expect(await notices(stranger)).toEqual([]);
  });
});

describe('comments: reports and moderation', () => {
  it('takes a report, and an operator hides the comment from all but its author', async () => {
    const { owner, reader, stranger, pub } = await scene();
    const operator = await signUp(app, { name: 'Operadora', email: OPERATOR });
    await ctx.db.query('UPDATE users SET email_verified_at = now() WHERE id = $1', [operator.user_id]);
    const bad = await write(onCollection(pub.id), stranger, 'Comentário ofensivo');
    await write(onCollection(pub.id), reader, 'Comentário gentil');

    // One's own comment is not one's to report.
    const own = await call('POST', '/api/v1/reports', stranger, {
      target_type: 'comment',
      target_id: bad.id,
      reason: 'harassment',
    });
    expect(own.statusCode).toBe(400);
    const reported = await call('POST', '/api/v1/reports', reader, {
      target_type: 'comment',
      target_id: bad.id,
      reason: 'harassment',
    });
    expect(reported.statusCode).toBe(201);

    const queue = (await call('GET', '/api/v1/admin/reports', operator)).json().data;
    expect(queue[0]).toMatchObject({
      target_type: 'comment',
      target: { name: 'Comentário ofensivo', owner: { id: stranger.user_id }, hidden: false },
    });
    const hidden = await call('POST', `/api/v1/admin/reports/${queue[0].id}/resolve`, operator, {
      action: 'hide',
    });
    expect(hidden.statusCode).toBe(200);

    expect(await bodies(onCollection(pub.id), owner)).toEqual(['Comentário gentil']);
    expect(await bodies(onCollection(pub.id))).toEqual(['Comentário gentil']);
    const forAuthor = (await call('GET', onCollection(pub.id), stranger)).json().data as Comment[];
    expect(forAuthor.find((c) => c.id === bad.id)).toMatchObject({ hidden_reason: 'harassment' });
    expect((await call('GET', `/api/v1/collection/${pub.id}`, owner)).json().data.comments_count).toBe(1);
    expect((await notices(stranger)).map((n) => n.kind)).toContain('content_hidden');
  });
});
