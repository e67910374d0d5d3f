import * as z from 'zod/mini';
import { emailSchema } from './auth.ts';
import { captchaToken } from './captcha.ts';
import { envelope } from './common.ts';
import { issue, optionalText, requiredText } from './validation.ts';

/**
 * The contact form's message (spec field names: inputName, inputEmail, inputPhone, textMessage).
 * The API stores it, then mails it to CONTACT_EMAIL with Reply-To the sender.
 */
export const contactBody = z.object({
  inputName: requiredText(issue.contactNameRequired, 120),
  inputEmail: emailSchema,
  inputPhone: z.optional(optionalText(30)),
  textMessage: requiredText(issue.messageRequired, 5000),
  captcha: captchaToken,
});
export type ContactBody = z.input<typeof contactBody>;

export const contactResponse = envelope(z.object({ received: z.literal(true) }));
