import type { Category } from '@acervo/contract/category';
import type { ImportJob, ImportPreview } from '@acervo/contract/import';
import { api } from '../../../lib/api-client';

const form = (file: File, fields: Record<string, string>) => {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  body.append('file', file);
  return body;
};

export const importsApi = {
  /** What the file would create; nothing is written. */
  preview: (file: File, category: string) =>
    api.post<ImportPreview>('/imports/preview', form(file, category ? { category_id: category } : {})),
  /** Queues the import (202): its id, to follow with `job`. */
  start: (file: File, visibility: 'public' | 'private', category: string) =>
    api.post<{ id: string }>(
      '/imports',
      form(file, { visibility, ...(category ? { category_id: category } : {}) }),
    ),
  /** Where a plain CSV without a `category` column goes. */
  categories: () => api.get<Category[]>('/category'),
  job: (id: string) => api.get<ImportJob>(`/imports/${encodeURIComponent(id)}`),
};
