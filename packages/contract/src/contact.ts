import { z } from 'zod';
import { emailSchema } from './auth.ts';
import { issue, optionalText, requiredText } from './validation.ts';

/**
 * The contact form's message (spec field names). The API stores and mails it with the integrations
 * issue; the form validates with this schema already.
 */
export const contactBody = z.object({
  inputName: requiredText(issue.contactNameRequired, 120),
  inputEmail: emailSchema,
  inputPhone: optionalText(30).optional(),
  textMessage: requiredText(issue.messageRequired, 5000),
});
export type ContactBody = z.input<typeof contactBody>;
