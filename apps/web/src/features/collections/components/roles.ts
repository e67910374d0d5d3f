import type { Collection } from '@acervo/contract/collection';

/**
 * Who may change what (the API decides; these only choose which controls to show). The owner
 * edits the collection; the owner and editors add, edit, delete and reorder its items (issue 8).
 */
export function mayEditItems(collection: Collection, userId: string | undefined): boolean {
  return collection.user_id === userId || collection.my_role === 'editor';
}
