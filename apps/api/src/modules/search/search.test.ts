import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { HighlightedText, SearchHit, SearchPage } from '@acervo/contract/search';
import { createTestContext, signUp, type TestContext } from '../../test/test-context.ts';
import { addItem, createCollection, LIVROS, type Session } from '../collection/collection.test-helpers.ts';
import { searchTerms, toHighlighted } from './search.service.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
beforeEach(() => ctx.reset());
afterAll(() => ctx.close());

async function search(who: Session, q: string, more = ''): Promise<SearchPage> {
  const res = await ctx.request('GET', `/api/v1/search?q=${encodeURIComponent(q)}${more}`, who);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as SearchPage;
}

const names = (page: SearchPage) => page.data.map((hit) => hit.title.text);
/** What the highlights of a text point at. */
const marked = ({ text, highlights }: HighlightedText) => highlights.map((h) => text.slice(h.start, h.end));

async function kitchen() {
  const cook = await signUp(ctx.app, { name: 'Ana Ribeiro' });
  const feijoada = await createCollection(ctx.app, cook, {
    name: 'Feijão tropeiro e outras receitas',
    description: 'Receitas mineiras da minha avó, com feijão, linguiça e couve.',
  });
  const doces = await createCollection(ctx.app, cook, {
    name: 'Doces de festa junina',
    description: 'Pé de moleque, canjica e um bolo de FEIJÃO que ninguém acredita.',
  });
  return { cook, feijoada, doces };
}

describe('GET /api/v1/search', () => {
  it('answers 401 without a session', async () => {
    const res = await ctx.request('GET', '/api/v1/search?q=feijao');
    expect(res.statusCode).toBe(401);
  });

  it.each([
    ['no q', '', 'q'],
    ['an empty q', '?q=', 'q'],
    ['a blank q', '?q=%20%20', 'q'],
    ['a q with nothing to search', '?q=%22%26!%3A*', 'q'],
    ['a q too long', `?q=${'a'.repeat(101)}`, 'q'],
    ['an unknown type', '?q=feijao&type=recipe', 'type'],
    ['a cursor it did not issue', '?q=feijao&cursor=abc', 'cursor'],
    ['a forged cursor', `?q=feijao&cursor=${Buffer.from('[-1,"x"]').toString('base64url')}`, 'cursor'],
  ])('answers 400 for %s', async (_why, query, field) => {
    const me = await signUp(ctx.app);
    const res = await ctx.request('GET', `/api/v1/search${query}`, me);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('VALIDATION_FAILED');
    expect(Object.keys(res.json().error.fields)).toEqual([field]);
  });

  it('finds collections without regard to accents or case, name matches first', async () => {
    const { cook, feijoada, doces } = await kitchen();
    const reader = await signUp(ctx.app);
    for (const q of ['feijao', 'FEIJÃO', 'Feijão', 'feijÃo']) {
      const page = await search(reader, q);
      expect(page.data.map((hit) => hit.id)).toEqual([feijoada.id, doces.id]);
    }
    const [first] = (await search(reader, 'feijao')).data;
    expect(first).toEqual({
      type: 'collection',
      id: feijoada.id,
      title: { text: 'Feijão tropeiro e outras receitas', highlights: [{ start: 0, end: 6 }] },
      snippet: {
        text: 'Receitas mineiras da minha avó, com feijão, linguiça e couve.',
        highlights: [{ start: 36, end: 42 }],
      },
      owner: { id: cook.user_id, name: 'Ana Ribeiro' },
      category: { id: feijoada.category_id, name: 'Filmes' },
      private: false,
      items_count: 0,
    });
  });

  it('stems Portuguese words and matches the last word as a prefix while typing', async () => {
    const { feijoada, doces } = await kitchen();
    const reader = await signUp(ctx.app);
    expect(names(await search(reader, 'receita'))).toEqual([feijoada.name]);
    expect(names(await search(reader, 'receitas mineiras'))).toEqual([feijoada.name]);
    for (const typing of ['j', 'ju', 'jun', 'juni', 'junin', 'junina']) {
      expect(names(await search(reader, `festa ${typing}`))).toEqual([doces.name]);
    }
    expect(names(await search(reader, 'tro'))).toEqual([feijoada.name]);
    // "ou" is a stop word when finished, but as the word being typed it starts "outras".
    expect(names(await search(reader, 'ou'))).toEqual([feijoada.name]);
    expect(names(await search(reader, 'feijao quiabo'))).toEqual([]);
  });

  it('treats tsquery operators in q as plain separators', async () => {
    const { feijoada } = await kitchen();
    const reader = await signUp(ctx.app);
    for (const q of ["tropeiro & !'", 'tropeiro|(', 'tropeiro:* <->', "tropeiro'; receitas --"]) {
      expect(names(await search(reader, q))).toEqual([feijoada.name]);
    }
  });

  it('marks matches with offsets in plain text, whatever characters the text holds', async () => {
    const cook = await signUp(ctx.app);
    await createCollection(ctx.app, cook, {
      name: 'Sopa <b>de</b> \u0002cebola\u0003',
      description: 'Caldo <script>alert(1)</script> de cebola roxa.',
    });
    const [hit] = (await search(cook, 'cebola')).data as [SearchHit];
    expect(marked(hit.title)).toEqual(['cebola']);
    expect(marked(hit.snippet)).toEqual(['cebola']);
    for (const text of [hit.title.text, hit.snippet.text]) {
      // eslint-disable-next-line no-control-regex -- no mark may reach the client
      expect(text).not.toMatch(/[\u0002\u0003]/);
    }
  });

  it('shows private collections and their items to their owner only', async () => {
    const owner = await signUp(ctx.app, { name: 'Carla Dias' });
    const stranger = await signUp(ctx.app, { name: 'Diego Melo' });
    const open = await createCollection(ctx.app, owner, { name: 'Feijoadas abertas' });
    const secret = await createCollection(ctx.app, owner, {
      name: 'Feijoadas secretas',
      description: 'feijoada',
      private: true,
    });
    await addItem(ctx.app, owner, open.id, { name: 'Feijoada do bar', description: 'pública' });
    await addItem(ctx.app, owner, secret.id, { name: 'Feijoada da família', description: 'secreta' });

    expect(names(await search(stranger, 'feijoada'))).toEqual([open.name]);
    expect(names(await search(stranger, 'feijoada', '&type=item'))).toEqual(['Feijoada do bar']);
    expect(names(await search(stranger, 'secreta', '&type=item'))).toEqual([]);
    expect(names(await search(stranger, 'secretas'))).toEqual([]);

    expect(names(await search(owner, 'feijoada')).sort()).toEqual([open.name, secret.name].sort());
    const items = await search(owner, 'feijoada', '&type=item');
    expect(names(items).sort()).toEqual(['Feijoada da família', 'Feijoada do bar']);
    const secretItem = items.data.find((hit) => hit.title.text === 'Feijoada da família');
    expect(secretItem).toMatchObject({
      type: 'item',
      collection: { id: secret.id, name: secret.name, private: true },
      rating: null,
    });
  });

  it('counts only the items the searcher is shown: an item an operator hid, for its owner only', async () => {
    const { cook, feijoada } = await kitchen();
    const stranger = await signUp(ctx.app, { name: 'Diego Melo' });
    await addItem(ctx.app, cook, feijoada.id, { name: 'Tropeiro da avó' });
    const hidden = await addItem(ctx.app, cook, feijoada.id, { name: 'Tropeiro proibido' });
    await ctx.db.query(`UPDATE collection_items SET hidden_reason = 'spam' WHERE id = $1`, [hidden.id]);
    const count = async (who: Session) =>
      (await search(who, 'tropeiro')).data.map((hit) => hit.type === 'collection' && hit.items_count);
    // The same count as the collection's card and page say to each of them.
    const card = await ctx.request('GET', `/api/v1/collection/${feijoada.id}`, stranger);
    expect(card.json().data.items_count).toBe(1);
    expect(await count(stranger)).toEqual([1]);
    expect(await count(cook)).toEqual([2]);
  });

  it('follows edits: a renamed collection is found by its new name only', async () => {
    const { cook, feijoada } = await kitchen();
    const res = await ctx.request('PUT', `/api/v1/collection/${feijoada.id}`, cook, {
      category_id: LIVROS,
      name: 'Livros de cozinha',
    });
    expect(res.statusCode).toBe(200);
    expect(names(await search(cook, 'tropeiro'))).toEqual([]);
    expect(names(await search(cook, 'cozinha'))).toEqual(['Livros de cozinha']);
  });

  it('finds people by name, accents and case aside, without stemming', async () => {
    const ana = await signUp(ctx.app, { name: 'Ana Ribeiro' });
    const joao = await signUp(ctx.app, { name: 'João Ribeirão' });
    await signUp(ctx.app, { name: 'Anabela Souza' });
    const people = async (q: string) => (await search(ana, q, '&type=user')).data;
    expect((await people('joao')).map((h) => h.id)).toEqual([joao.user_id]);
    expect(await people('ana rib')).toEqual([
      {
        type: 'user',
        id: ana.user_id,
        title: {
          text: 'Ana Ribeiro',
          highlights: [
            { start: 0, end: 3 },
            { start: 4, end: 11 },
          ],
        },
        snippet: { text: '', highlights: [] },
        picture: null,
      },
    ]);
    expect((await people('ribeirao')).map((h) => h.title.text)).toEqual(['João Ribeirão']);
    expect((await people('ana')).map((h) => h.title.text).sort()).toEqual(['Ana Ribeiro', 'Anabela Souza']);
  });

  it('pages through every hit once, best first, with an opaque cursor', async () => {
    const cook = await signUp(ctx.app);
    const made = new Set<string>();
    for (let i = 0; i < 7; i += 1) {
      // More mentions of "pão" rank higher: distinct ranks, and ties among equal ones.
      const col = await createCollection(ctx.app, cook, {
        name: `Padaria ${i}`,
        description: `${'pão '.repeat(1 + (i % 3))}caseiro`,
      });
      made.add(col.id);
    }
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page: SearchPage = await search(cook, 'pao', `&limit=3${cursor ? `&cursor=${cursor}` : ''}`);
      seen.push(...page.data.map((hit) => hit.id));
      cursor = page.next_cursor;
      pages += 1;
    } while (cursor);
    expect(pages).toBe(3);
    expect(seen).toHaveLength(7);
    expect(new Set(seen)).toEqual(made);
    const all = await search(cook, 'pao', '&limit=50');
    expect(all.data.map((hit) => hit.id)).toEqual(seen);
    expect(all.data.slice(0, 2).map((hit) => marked(hit.snippet).length)).toEqual([3, 3]);
  });
});

describe('what one search may cost (issue 23)', () => {
  it('refuses a query of fewer than 2 letters or digits: 400 searchQueryTooShort', async () => {
    const { doces } = await kitchen();
    const reader = await signUp(ctx.app);
    for (const q of ['a', ' a ', 'a!', '7']) {
      const res = await ctx.request('GET', `/api/v1/search?q=${encodeURIComponent(q)}`, reader);
      expect(res.statusCode, q).toBe(400);
      expect(res.json().error).toMatchObject({
        code: 'VALIDATION_FAILED',
        fields: { q: 'searchQueryTooShort' },
      });
    }
    expect(names(await search(reader, 'festa j'))).toEqual([doces.name]);
    expect(names(await search(reader, 'do'))).toEqual([doces.name]);
  });

  it('ranks at most SEARCH_CANDIDATES matches', async () => {
    const app = await ctx.buildApp({ SEARCH_CANDIDATES: '3' });
    const cook = await signUp(app);
    for (let i = 0; i < 5; i += 1) await createCollection(app, cook, { name: `Padaria ${i}` });
    for (const type of ['collection', 'item', 'user']) {
      const res = await app.inject({
        method: 'GET',
        url: `/api/v1/search?q=padaria&type=${type}&limit=50`,
        headers: cook.auth,
      });
      expect(res.statusCode).toBe(200);
      expect((res.json() as SearchPage).data.length).toBeLessThanOrEqual(3);
    }
    const page = await app.inject({
      method: 'GET',
      url: '/api/v1/search?q=padaria&limit=50',
      headers: cook.auth,
    });
    expect((page.json() as SearchPage).data).toHaveLength(3);
  });

  it('allows SEARCHES_PER_MINUTE per person, then 429 RATE_LIMITED with Retry-After', async () => {
    const app = await ctx.buildApp({ SEARCHES_PER_MINUTE: '2' });
    const [ana, bia] = [await signUp(app), await signUp(app)];
    const ask = (who: Session) =>
      app.inject({ method: 'GET', url: '/api/v1/search?q=feijao', headers: who.auth });
    expect((await ask(ana)).statusCode).toBe(200);
    expect((await ask(ana)).statusCode).toBe(200);
    const third = await ask(ana);
    expect(third.statusCode).toBe(429);
    expect(third.json().error.code).toBe('RATE_LIMITED');
    expect(Number(third.headers['retry-after'])).toBeGreaterThan(0);
    expect((await ask(bia)).statusCode).toBe(200);
  });
});

describe('searchTerms', () => {
  it('keeps only letters and digits, the last word as a prefix', () => {
    expect(searchTerms("feijão & !tropeiro:* 'x'")).toEqual({ words: 'feijão tropeiro', prefix: 'x:*' });
    expect(searchTerms('  Açaí ')).toEqual({ words: '', prefix: 'Açaí:*' });
    expect(searchTerms('!!')).toBeNull();
  });
});

describe('toHighlighted', () => {
  it('turns marks into offsets in JavaScript string units', () => {
    expect(toHighlighted('\u0002Pão\u0003 de 🧀 \u0002queijo\u0003')).toEqual({
      text: 'Pão de 🧀 queijo',
      highlights: [
        { start: 0, end: 3 },
        { start: 10, end: 16 },
      ],
    });
  });
});
