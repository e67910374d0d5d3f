import type { Catalog } from '../types';

export const errors: Catalog['errors'] = {
  loginInvalid: 'We could not log you in. Check that the details you entered are correct and try again.',
  loginUnexpected: 'An unexpected error occurred while logging in. Please try again [AP-01]',
  loginProblem:
    'An unexpected problem occurred. Please try again or contact support if the error persists. (S-03)',
  registerNoData: 'We could not create your account. Please try again.',
  registerEmailTaken: 'E-mail already registered. Please check and try again.',
  registerUnexpected:
    'An unexpected problem occurred. Please try again or contact support if the error persists. (R01)',
  contactFailed: 'We could not send your message. Please contact us at our e-mail {{email}}',
  contactSuccess:
    'Thank you for contacting us! Your message was received, and our team will get back to you soon.',
  unexpected: 'An unexpected error occurred. Please try again.',
  rateLimited: 'Too many attempts. Wait a moment and try again.',
};
