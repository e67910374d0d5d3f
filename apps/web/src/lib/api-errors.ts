import { ApiError } from './api-client';

/** Where the failure happened decides which of the spec's section-8 texts applies. */
export type ErrorContext = 'login' | 'register' | 'contact' | 'generic';

/**
 * The one place that turns a failed call into a message key of the `errors` catalogue
 * (spec section 8). Screens of later features add their context here.
 */
export function errorMessageKey(error: unknown, context: ErrorContext): string {
  const status = error instanceof ApiError ? error.status : -1;
  const code = error instanceof ApiError ? error.code : undefined;

  if (code === 'RATE_LIMITED' || status === 429) return 'errors.rateLimited';
  switch (context) {
    case 'login':
      if (status === 401) return 'errors.loginInvalid';
      // A response we could not use carries the auth service's own text; no response at all is (S-03).
      return status > 0 ? 'errors.loginUnexpected' : 'errors.loginProblem';
    case 'register':
      if (status === 409 || code === 'EMAIL_TAKEN') return 'errors.registerEmailTaken';
      return 'errors.registerUnexpected';
    case 'contact':
      return 'errors.contactFailed';
    default:
      return 'errors.unexpected';
  }
}
