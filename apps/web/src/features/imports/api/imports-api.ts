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
  preview: (file: File) => api.post<ImportPreview>('/imports/preview', form(file, {})),
  /** Queues the import (202): its id, to follow with `job`. */
  start: (file: File, visibility: 'public' | 'private') =>
    api.post<{ id: string }>('/imports', form(file, { visibility })),
  job: (id: string) => api.get<ImportJob>(`/imports/${encodeURIComponent(id)}`),
};
