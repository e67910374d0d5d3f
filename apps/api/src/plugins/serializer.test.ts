import { recommendedCollectionsResponse } from '@acervo/contract/recommendation';
import { describe, expect, it } from 'vitest';
import { serializerCompiler } from './serializer.ts';

const write = serializerCompiler({
  schema: recommendedCollectionsResponse,
  method: 'GET',
  url: '/collection/recommended',
  httpStatus: '200',
});

const card = {
  id: 'c1',
  name: 'Filmes de "domingo" \\ e </script>',
  description: 'Linha 1\nLinha 2 ✓',
  user_id: 'u1',
  owner_name: 'Ana',
  owner_picture: null,
  category_id: 'k1',
  category_name: 'Filmes',
  private: false,
  followers: 3,
  likes: 2,
  comments_count: 0,
  comments_enabled: true,
  location: '',
  last_updated: '2026-11-27T10:00:00.000Z',
  created_at: '2026-11-26T10:00:00.000Z',
  items_count: 1,
  collection_items: [],
  liked_by_me: false,
  followed_by_me: true,
  my_role: null,
  saved_from: null,
  cover: null,
};

describe('answers written from the contract', () => {
  it('carry only what the contract declares, at every depth, whatever the row held', () => {
    const row = {
      ...card,
      // What a service's row may carry besides the card: none of it may leave the server.
      sort_key: 'secret-order',
      popularity: 5,
      blocked: false,
      email: 'ana@exemplo.com.br',
      reason: {
        code: 'because_you',
        params: { collection_id: 'c2', collection_name: 'Séries', signal: 'like', seed_score: 0.7 },
        internal: true,
      },
    };
    const body = JSON.parse(write({ data: [row], debug: 'x' })) as { data: Record<string, unknown>[] };
    expect(body).toEqual({
      data: [
        {
          ...card,
          reason: {
            code: 'because_you',
            params: { collection_id: 'c2', collection_name: 'Séries', signal: 'like' },
          },
        },
      ],
    });
  });

  it('write each kind of reason with its own fields', () => {
    const reasons = [
      { code: 'popular', params: {} },
      { code: 'followed_liked', params: { count: 2 } },
      { code: 'rated_item', params: { item_name: 'Cidade de Deus', rating: 4.5 } },
      { code: 'popular_in_category', params: { category_name: 'Livros' } },
    ];
    for (const reason of reasons) {
      const body = JSON.parse(write({ data: [{ ...card, reason }] })) as { data: { reason: unknown }[] };
      expect(body.data[0]!.reason).toEqual(reason);
    }
  });
});
