import type { ContactBody } from '@acervo/contract/contact';
import { api } from '../../../lib/api-client';

/**
 * The API stores and mails contact messages in the integrations issue (ROADMAP 3). Until that
 * endpoint exists this call fails and the form shows the spec's failure text with our address.
 */
export function sendContactMessage(message: ContactBody): Promise<unknown> {
  return api.post('/contact', message);
}
