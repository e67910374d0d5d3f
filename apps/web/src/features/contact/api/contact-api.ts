import type { ContactBody } from '@acervo/contract/contact';
import { api } from '../../../lib/api-client';

/** The API stores the message, then mails it to the team (CONTACT_EMAIL). */
export function sendContactMessage(message: ContactBody): Promise<unknown> {
  return api.create('/contact', message);
}
