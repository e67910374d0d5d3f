import { api } from '../../../lib/api-client';

/** The spec's contact fields. */
export type ContactMessage = {
  inputName: string;
  inputEmail: string;
  inputPhone?: string;
  textMessage: string;
};

/**
 * The API stores and mails contact messages in the integrations issue (ROADMAP 3). Until that
 * endpoint exists this call fails and the form shows the spec's failure text with our address.
 */
export function sendContactMessage(message: ContactMessage): Promise<unknown> {
  return api.post('/contact', message);
}
