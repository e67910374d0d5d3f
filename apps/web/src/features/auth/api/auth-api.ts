import type {
  PasswordResetBody,
  PasswordResetRequestBody,
  RegistrationBody,
  Session,
  SessionBody,
} from '@acervo/contract/auth';
import type { GoogleSessionBody } from '@acervo/contract/google';
import { api } from '../../../lib/api-client';

export function createSession(body: SessionBody): Promise<Session> {
  return api.post<Session>('/session', body);
}

export function createAccount(body: RegistrationBody): Promise<Session | undefined> {
  return api.post<Session | undefined>('/registration', body);
}

/** Always a 202, whether or not the account exists: the screen says the same either way. */
export function requestPasswordReset(body: PasswordResetRequestBody): Promise<unknown> {
  return api.post('/password/recovery', body);
}

export function resetPassword(body: PasswordResetBody): Promise<unknown> {
  return api.post('/password/reset', body);
}

/** 'Login com Google': the ID token goes to our API, which verifies it (never trusted here). */
export function createGoogleSession(body: GoogleSessionBody): Promise<Session> {
  return api.post<Session>('/session/google', body);
}
