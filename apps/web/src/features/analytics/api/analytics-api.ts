import type { PageViewBody } from '@acervo/contract/analytics';
import { api } from '../../../lib/api-client';

/** Counts a view of `path` on our own API (no Google Analytics configured). */
export function recordPageView(body: PageViewBody): Promise<unknown> {
  return api.post('/pageview', body);
}
