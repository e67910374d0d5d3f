import type { Category } from '@acervo/contract/category';
import type { Queryable } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';

// pt-BR order: accents sort with their base letter ("Álbuns" next to "Animes"), whatever
// collation the database was created with (PGlite has only "C").
const ptBr = new Intl.Collator('pt-BR', { sensitivity: 'base' });

export async function listCategories(db: Queryable): Promise<Category[]> {
  const rows = await db.query<Category>('SELECT id, name FROM categories', [], 'categories_all');
  return rows.sort((a, b) => ptBr.compare(a.name, b.name));
}

export const categoryNotFound = () => new AppError(404, 'NOT_FOUND', 'Categoria não encontrada.');

export async function categoryExists(db: Queryable, id: string): Promise<boolean> {
  const rows = await db.query('SELECT 1 FROM categories WHERE id = $1', [id], 'category_exists');
  return rows.length > 0;
}
