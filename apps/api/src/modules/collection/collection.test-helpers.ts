import type { FastifyInstance } from 'fastify';
import type { Collection } from '@acervo/contract/collection';
import type { CollectionItem } from '@acervo/contract/collection-item';
import type { signUp } from '../../test/test-context.ts';

/** Seeded category ids (migration 001). */
export const FILMES = 'wtt0fgHceRL46Hhk';
export const LIVROS = 'rB4z9Ywp8LWwdZ1K';
export const SERIES = '3iugWl5cQbeCGvkE';

export type Session = Awaited<ReturnType<typeof signUp>>;

export async function createCollection(
  app: FastifyInstance,
  owner: Session,
  body: Record<string, unknown> = {},
): Promise<Collection> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/collection',
    headers: owner.auth,
    payload: { category_id: FILMES, name: 'Filmes para rever', description: 'Os que eu revejo', ...body },
  });
  if (res.statusCode !== 201) throw new Error(`create collection failed: ${res.statusCode} ${res.body}`);
  return res.json().data as Collection;
}

export async function addItem(
  app: FastifyInstance,
  owner: Session,
  collectionId: string,
  body: Record<string, unknown> = {},
): Promise<CollectionItem> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/collection_items',
    headers: owner.auth,
    payload: {
      collection_id: collectionId,
      name: 'Central do Brasil',
      description: 'Walter Salles',
      ...body,
    },
  });
  if (res.statusCode !== 201) throw new Error(`add item failed: ${res.statusCode} ${res.body}`);
  return res.json().data as CollectionItem;
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Makes `who` a collaborator of the collection through the owner's API call. */
export async function addCollaborator(
  app: FastifyInstance,
  owner: Session,
  collectionId: string,
  who: Session,
  role: 'editor' | 'viewer',
): Promise<void> {
  const res = await app.inject({
    method: 'PUT',
    url: `/api/v1/collection/${collectionId}/collaborators/${who.user_id}`,
    headers: owner.auth,
    payload: { role },
  });
  if (res.statusCode !== 200) throw new Error(`add collaborator failed: ${res.statusCode} ${res.body}`);
}

/** Fires the same request `times` times at once and returns the status codes. */
export async function concurrently(times: number, fire: (i: number) => Promise<{ statusCode: number }>) {
  const responses = await Promise.all(Array.from({ length: times }, (_, i) => fire(i)));
  return responses.map((r) => r.statusCode);
}
